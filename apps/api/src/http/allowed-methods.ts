/** The parts of Express's router layers (router 2) the walk reads; `match` has no side effects. */
export interface RouterLayer {
  match(path: string): { path: string } | false;
  route?: { methods: Record<string, boolean | undefined> };
  handle?: unknown;
}

const stackOf = (layer: RouterLayer): RouterLayer[] | undefined =>
  (layer.handle as { stack?: RouterLayer[] } | undefined)?.stack;

/** A layer's match, or none where it cannot decode the path's parameters (a malformed %-escape). */
function matchOf(layer: RouterLayer, path: string): { path: string } | false {
  try {
    return layer.match(path);
  } catch {
    return false;
  }
}

/**
 * The methods the app's routes answer at `path` (GET brings HEAD), found by walking its router the way a request
 * is matched: a path that exists for other methods gets 405 with these in `Allow`, not a 404 saying it is not there.
 */
export function allowedMethods(
  stack: readonly RouterLayer[],
  path: string,
  /** The handler answering now: the layers from its own on never see the request, so they are not asked. */
  handler?: unknown,
): string[] {
  const own = handler === undefined ? -1 : stack.findIndex((l) => l.handle === handler && matchOf(l, path));
  const before = own < 0 ? stack : stack.slice(0, own);
  const found = new Set<string>();
  const walk = (layers: readonly RouterLayer[], rest: string) => {
    for (const layer of layers) {
      const matched = matchOf(layer, rest);
      if (!matched) continue;
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') found.add(method.toUpperCase());
        }
      } else {
        const inner = stackOf(layer);
        if (inner) walk(inner, rest.slice(matched.path.length) || '/');
      }
    }
  };
  walk(before, path);
  if (found.has('GET')) found.add('HEAD');
  return [...found].sort();
}
