import { allowedMethods, type RouterLayer } from './allowed-methods';

/** Where app.ts mounts the OData feed (odata.router.ts builds its service roots and links on it). */
export const FEED_ROOT = '/api/ifc/odata';
export const ODATA_VERSION = '4.0';

/** The OData JSON error body: what Power BI, Excel and Tableau show of a failed request. */
export const odataErrorBody = (code: string, message: string) => ({ error: { code, message } });

/** The routes of an Express app (router 2), for the walk of allowed-methods.ts; none for another listener. */
export const routeStackOf = (app: unknown): RouterLayer[] | undefined =>
  (app as { router?: { stack?: RouterLayer[] } } | undefined)?.router?.stack;

/**
 * Whether a request is the OData feed's, so that every answer to it, errors included, is an OData one: the error
 * body `{"error":{"code","message"}}` and `OData-Version: 4.0` (a BI tool shows nothing of the REST shape). That is
 * a path under FEED_ROOT (matched without regard to case, as Express routes it) that the app's routes (`stack`)
 * serve with GET, the feed's method (an app without the feed, a worker instance, answers its JSON 404), asked with
 * GET or HEAD, or with another method where no route takes another: the upload's and the demo's POST routes live
 * under the same root, and their paths keep the REST form for those methods.
 */
export function isFeedRequest(
  method: string,
  path: string,
  stack: readonly RouterLayer[] | undefined,
): boolean {
  const below = path.slice(0, FEED_ROOT.length).toLowerCase() === FEED_ROOT;
  if (!below || (path.length > FEED_ROOT.length && path[FEED_ROOT.length] !== '/')) return false;
  if (!stack) return true;
  const methods = allowedMethods(stack, path);
  if (!methods.includes('GET')) return false;
  return method === 'GET' || method === 'HEAD' || methods.every((m) => m === 'GET' || m === 'HEAD');
}
