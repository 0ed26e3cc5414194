import { matchRoutes, type RouteObject } from 'react-router';
import { blogPosts } from '@/features/blog/content/posts';
import { isPagePath, pagePaths } from './page-paths';
import { appRoutes, appShellRoutes } from './routes/app-routes';
import { publicRoutes } from './routes/public-routes';

/** The route tree of router.tsx (without elements), for matching paths the way the app does. */
const routes: RouteObject[] = [
  { children: [...publicRoutes, ...appRoutes, { path: '*', id: 'not-found' }] },
  { path: 'app', children: [...appShellRoutes] },
];

/** True when the router renders a real page (not a `*` not-found route) for the path. */
function routerShowsPage(path: string): boolean {
  const matches = matchRoutes(routes, path);
  const leaf = matches?.at(-1)?.route;
  return leaf !== undefined && leaf.path !== '*';
}

describe('pagePaths, the list the API serves pages for', () => {
  it('names only paths the router renders a page for', () => {
    for (const path of pagePaths) expect([path, routerShowsPage(path)]).toEqual([path, true]);
  });

  it('covers every route of the router (parameters as their real values)', () => {
    const concrete = (route: RouteObject, prefix: string): string[] => {
      const here = route.index
        ? prefix
        : route.path
          ? `${prefix}/${route.path}`.replace(/\/+/g, '/')
          : prefix;
      const own = route.path === '*' || (!route.path && !route.index) ? [] : [here || '/'];
      return [...own, ...(route.children ?? []).flatMap((child) => concrete(child, here))];
    };
    const all = routes.flatMap((route) => concrete(route, ''));
    const expanded = all.flatMap((path) => {
      if (path.includes(':slug')) return blogPosts.map((post) => path.replace(':slug', post.slug));
      if (path.includes(':projectId')) return [path.replace(':projectId', 'p_1')];
      if (path.includes(':page')) return pagePaths.filter((p) => p.startsWith(path.replace('/:page', '/')));
      return [path];
    });
    expect(expanded.filter((path) => !isPagePath(path))).toEqual([]);
    expect(pagePaths.filter((p) => p.startsWith('/app/docs/')).length).toBeGreaterThan(0);
  });

  it('matches like the router: any case, a trailing slash, percent-escapes; nothing else', () => {
    expect(isPagePath('/Features/')).toBe(true);
    expect(isPagePath('/blog/' + encodeURIComponent(blogPosts[0]!.slug))).toBe(true);
    expect(isPagePath('/blog/no-such-post')).toBe(false);
    expect(isPagePath('/app/docs/no-such-page')).toBe(false);
    expect(isPagePath('/wp-admin')).toBe(false);
    expect(isPagePath('/%E0%A4%A')).toBe(false);
  });

  it('serves a project page for any one-segment project id under Data Sources, nothing deeper', () => {
    expect(isPagePath('/app/data/sources/p_1')).toBe(true);
    expect(isPagePath('/app/data/sources/%C3%BCber-projekt/')).toBe(true);
    expect(isPagePath('/app/data/sources/p_1/extra')).toBe(false);
    expect(isPagePath('/app/data/sources//')).toBe(true); // the Data Sources page itself
  });
});
