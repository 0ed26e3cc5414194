/** The parts of Express's router layers (router 2) the walk reads; `match` has no side effects. */
interface RouterLayer {
  match(path: string): { path: string } | false;
  route?: { methods: Record<string, boolean | undefined> };
  handle?: { stack?: RouterLayer[] };
}

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
export function allowedMethods(stack: readonly RouterLayer[], path: string): string[] {
  const found = new Set<string>();
  const walk = (layers: readonly RouterLayer[], rest: string) => {
    for (const layer of layers) {
      const matched = matchOf(layer, rest);
      if (!matched) continue;
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') found.add(method.toUpperCase());
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, rest.slice(matched.path.length) || '/');
      }
    }
  };
  walk(stack, path);
  if (found.has('GET')) found.add('HEAD');
  return [...found].sort();
}
