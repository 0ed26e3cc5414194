import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { connectorRoutes } from './connector/connector-routes';

// Every page is its own chunk: the shell paints at once and a page downloads when first visited.
const DashboardRoute = lazy(() => import('./app/dashboard'));
const FramedDashboardRoute = lazy(() =>
  import('./app/dashboard').then((module) => ({ default: module.FramedDashboardRoute })),
);
const AppHomeRoute = lazy(() => import('./app/home'));
const DataOverviewRoute = lazy(() => import('./app/data-overview'));
const DataImportRoute = lazy(() => import('./app/data-import'));
const DataExportRoute = lazy(() => import('./app/data-export'));
const DataSourcesRoute = lazy(() => import('./app/data-sources'));
const ProjectRoute = lazy(() => import('./app/project'));
const AnalyticsOverviewRoute = lazy(() => import('./app/analytics-overview'));
const AnalyticsProjectsRoute = lazy(() => import('./app/analytics-projects'));
const AnalyticsPerformanceRoute = lazy(() => import('./app/analytics-performance'));
const AnalyticsReportsRoute = lazy(() => import('./app/analytics-reports'));
const DocsRoute = lazy(() => import('./app/docs'));
const LayoutGuideRoute = lazy(() => import('./app/layout-guide'));
const SettingsRoute = lazy(() => import('./app/settings'));
const HelpRoute = lazy(() => import('./app/help'));
const AppNotFoundRoute = lazy(() => import('./app/not-found'));

/**
 * Signed-in pages outside the app shell (the router wraps them in RequireAuth inside the public
 * layout): /dashboard, which the public header links to, and /analytics, the metric card's
 * default 'View more' target.
 */
export const appRoutes: RouteObject[] = [
  { path: 'dashboard', element: <FramedDashboardRoute /> },
  { path: 'analytics', element: <Navigate to="/app/analytics/projects" replace /> },
];

/** Children of /app, rendered in the app shell (the router wraps them in RequireAuth). */
export const appShellRoutes: RouteObject[] = [
  { index: true, element: <AppHomeRoute /> },
  { path: 'dashboard', element: <DashboardRoute /> },
  { path: 'data', element: <DataOverviewRoute /> },
  { path: 'data/import', element: <DataImportRoute /> },
  { path: 'data/export', element: <DataExportRoute /> },
  { path: 'data/sources', element: <DataSourcesRoute /> },
  { path: 'data/sources/:projectId', element: <ProjectRoute /> },
  { path: 'analytics', element: <AnalyticsOverviewRoute /> },
  { path: 'analytics/projects', element: <AnalyticsProjectsRoute /> },
  { path: 'analytics/performance', element: <AnalyticsPerformanceRoute /> },
  { path: 'analytics/reports', element: <AnalyticsReportsRoute /> },
  { path: 'docs', element: <Navigate to="/app/docs/overview" replace /> },
  { path: 'docs/:page', element: <DocsRoute /> },
  { path: 'layout-guide', element: <LayoutGuideRoute /> },
  { path: 'settings', element: <SettingsRoute /> },
  { path: 'help', element: <HelpRoute /> },
  // The IFC connector and its REST and OData demos, relative to /app.
  ...connectorRoutes.map((route) => ({ ...route, path: route.path?.replace(/^app\//, '') })),
  { path: '*', element: <AppNotFoundRoute /> },
];
