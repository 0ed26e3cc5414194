/** Plain fetch reads of the OData feed, used as the reference the peer clients are compared with. */

const MAX_PAGES = 10_000;

export interface PagedRead<T> {
  rows: T[];
  pages: number;
}

export async function readJson<T>(url: string, auth: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: auth, accept: 'application/json' } });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

/** Follows @odata.nextLink to the end (bounded), as BI tools do. */
export async function readAllPages<T>(url: string, auth: string): Promise<PagedRead<T>> {
  const rows: T[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    if (++pages > MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages from ${url}`);
    const page: { value: T[]; '@odata.nextLink'?: string } = await readJson(next, auth);
    rows.push(...page.value);
    next = page['@odata.nextLink'];
  }
  return { rows, pages };
}

export async function readCount(url: string, auth: string): Promise<number> {
  const res = await fetch(`${url}/$count`, { headers: { authorization: auth } });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${url}/$count: HTTP ${res.status}: ${body.slice(0, 300)}`);
  const n = Number(body.trim());
  if (!Number.isInteger(n)) throw new Error(`$count answered '${body.slice(0, 50)}'`);
  return n;
}
