import { appPaths, PROJECT_PAGE_PATTERN } from '@/config/app-paths';

/** Page titles of the known signed-in routes (spec §2 App routes). */
export const routeTitles: Record<string, string> = {
  [appPaths.home]: 'App Dashboard',
  [appPaths.dashboard]: 'Dashboard',
  '/dashboard': 'Dashboard',
  [appPaths.connector]: 'IFC Tableau Connector',
  [appPaths.restDemo]: 'IFC REST Demo',
  [appPaths.odataDemo]: 'IFC OData Demo',
  [appPaths.data]: 'Data Integration',
  [appPaths.dataImport]: 'Import Data',
  [appPaths.dataExport]: 'Export Data',
  [appPaths.dataSources]: 'Data Sources',
  [appPaths.analytics]: 'Analytics',
  [appPaths.analyticsProjects]: 'Project Analytics',
  [appPaths.analyticsPerformance]: 'Performance',
  [appPaths.analyticsReports]: 'Reports',
  [appPaths.docsOverview]: 'Documentation Overview',
  [appPaths.docsQuickStart]: 'Quick Start',
  [appPaths.docsTesting]: 'Testing',
  [appPaths.docsTroubleshooting]: 'Troubleshooting',
  [appPaths.layoutGuide]: 'Layout Guide',
  [appPaths.settings]: 'Settings',
  [appPaths.help]: 'Help',
};

export type Crumb = { label: string; href?: string };

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** 'project-analytics' → 'Project Analytics': a readable last resort for paths with no title. */
function humanise(segment: string): string {
  const words = decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'Page';
}

/**
 * Spec §2 Breadcrumbs: /app and the dashboards show only their own title; every other known route
 * is App Dashboard (linking to /app) then its title; an unknown path shows 'Page' on small screens
 * (wide screens have room for the name taken from the path).
 */
export function breadcrumbsFor(pathname: string, isSmallScreen: boolean): Crumb[] {
  const path = normalise(pathname);
  const title = routeTitles[path];
  if (path === appPaths.home || path === appPaths.dashboard || path === '/dashboard') {
    return [{ label: title ?? 'Dashboard' }];
  }
  const root: Crumb = { label: 'App Dashboard', href: appPaths.home };
  if (title) return [root, { label: title }];
  if (PROJECT_PAGE_PATTERN.test(path)) {
    return [
      root,
      { label: routeTitles[appPaths.dataSources]!, href: appPaths.dataSources },
      { label: 'Project' },
    ];
  }
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return [root, { label: isSmallScreen ? 'Page' : humanise(last) }];
}
