/** Every path of the signed-in area, so the sidebar, breadcrumbs and pages link to one spelling. */
export const appPaths = {
  home: '/app',
  dashboard: '/app/dashboard',
  connector: '/app/ifc-tableau-connector',
  restDemo: '/app/ifc-rest-demo',
  odataDemo: '/app/ifc-odata-demo',
  data: '/app/data',
  dataImport: '/app/data/import',
  dataExport: '/app/data/export',
  dataSources: '/app/data/sources',
  analytics: '/app/analytics',
  analyticsProjects: '/app/analytics/projects',
  analyticsPerformance: '/app/analytics/performance',
  analyticsReports: '/app/analytics/reports',
  docsOverview: '/app/docs/overview',
  docsQuickStart: '/app/docs/quick-start',
  docsTesting: '/app/docs/testing',
  docsTroubleshooting: '/app/docs/troubleshooting',
  layoutGuide: '/app/layout-guide',
  settings: '/app/settings',
  help: '/app/help',
} as const;

/** A project's own page (its models, versions and what changed), under Data Sources where its feed is listed. */
export const projectPagePath = (projectId: string) =>
  `${appPaths.dataSources}/${encodeURIComponent(projectId)}`;

/** Matches a project page path (one segment after Data Sources), for the breadcrumbs and the API's page list. */
export const PROJECT_PAGE_PATTERN = /^\/app\/data\/sources\/[^/]+$/i;
