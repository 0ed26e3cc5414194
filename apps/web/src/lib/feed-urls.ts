/** The OData service root BI tools add as a feed (same origin as the app). */
export function feedServiceRoot(origin: string): string {
  return `${origin}/api/ifc/odata/`;
}

/** The flat element set of one project, the URL Tableau's OData connector takes (quotes doubled, OData style). */
export function projectFeedUrl(origin: string, projectId: string): string {
  return `${origin}/api/ifc/odata/IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${projectId.replace(/'/g, "''")}'`)}`;
}

/** One project's own OData service root (its entity sets, IFCElementsWide among them), as the upload answer names it. */
export function projectServiceRoot(origin: string, projectId: string): string {
  return `${feedServiceRoot(origin)}projects/${encodeURIComponent(projectId)}/`;
}
