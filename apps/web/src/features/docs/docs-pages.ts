/** The documentation pages, by the :page segment of /app/docs/:page. */
export const DOC_PAGES = ['overview', 'quick-start', 'testing', 'troubleshooting'] as const;
export type DocPage = (typeof DOC_PAGES)[number];

export function isDocPage(value: string | undefined): value is DocPage {
  return DOC_PAGES.some((page) => page === value);
}
