import { appPaths } from '@/config/app-paths';
import { breadcrumbsFor, routeTitles } from './breadcrumbs';

describe('breadcrumbsFor', () => {
  it('shows only the own title on /app and the dashboards', () => {
    expect(breadcrumbsFor('/app', false)).toEqual([{ label: 'App Dashboard' }]);
    expect(breadcrumbsFor('/app/', true)).toEqual([{ label: 'App Dashboard' }]);
    expect(breadcrumbsFor('/app/dashboard', false)).toEqual([{ label: 'Dashboard' }]);
  });

  it('prefixes every other known route with a link to App Dashboard', () => {
    const others = Object.keys(routeTitles).filter(
      (path) => ![appPaths.home, appPaths.dashboard, '/dashboard'].includes(path),
    );
    expect(others.length).toBeGreaterThan(15);
    for (const path of others) {
      expect(breadcrumbsFor(path, true)).toEqual([
        { label: 'App Dashboard', href: '/app' },
        { label: routeTitles[path] },
      ]);
    }
  });

  it("names an unknown path 'Page' on small screens and after its last segment on wide ones", () => {
    expect(breadcrumbsFor('/app/no-such-thing', true)).toEqual([
      { label: 'App Dashboard', href: '/app' },
      { label: 'Page' },
    ]);
    expect(breadcrumbsFor('/app/no-such-thing', false)[1]).toEqual({ label: 'No Such Thing' });
  });

  it('puts a project page under Data Sources, whatever the project id looks like', () => {
    for (const id of ['p_1', 'Ünïcode%20id', 'x']) {
      expect(breadcrumbsFor(`/app/data/sources/${id}/`, true)).toEqual([
        { label: 'App Dashboard', href: '/app' },
        { label: 'Data Sources', href: appPaths.dataSources },
        { label: 'Project' },
      ]);
    }
    // Deeper paths are not project pages.
    expect(breadcrumbsFor('/app/data/sources/a/b', true)[1]).toEqual({ label: 'Page' });
  });
});
