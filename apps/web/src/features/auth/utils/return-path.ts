/**
 * Where to go after login: the page a guard sent the user from (router state `from`), or the
 * fallback. Only same-app paths are accepted, so crafted state can never leave the origin: browsers read
 * a backslash as a slash (so '/' + backslash + 'host' is another site), and control characters have no place here.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

export function returnPath(state: unknown, fallback: string): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  if (pathname === '/login' || pathname === '/signup') return fallback;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  const target = `${pathname}${search}${hash}`;
  return UNSAFE.test(target) ? fallback : target;
}
