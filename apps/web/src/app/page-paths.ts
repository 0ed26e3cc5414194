import { appPaths, PROJECT_PAGE_PATTERN } from '../config/app-paths';
import { paths } from '../config/paths';
import { blogPosts } from '../features/blog/content/posts';

/**
 * Every URL path the web app shows a page for, rather than its not-found page: the links of config/paths and
 * config/app-paths, one article per blog post, and the two redirects the router keeps for old links. The API's static
 * server is built with this list and answers 404 for any other path (the not-found page still renders);
 * page-paths.test.ts checks it against the router's routes, so a new route cannot be forgotten here.
 */
export const pagePaths: readonly string[] = [
  ...Object.values(paths),
  ...Object.values(appPaths),
  ...blogPosts.map((post) => `${paths.blog}/${post.slug}`),
  '/analytics',
  '/app/docs',
];

const known = new Set(pagePaths.map((p) => p.toLowerCase()));

/** Whether the router renders a page for this pathname: like the router, case-insensitive, trailing slash ignored. */
export function isPagePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const trimmed = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  const path = (trimmed || '/').toLowerCase();
  // A project page exists for any id: an unknown one renders its "not found" state, as the page decides.
  return known.has(path) || PROJECT_PAGE_PATTERN.test(path);
}
