export const ENTITY_SETS = ['IFCElements', 'IFCProperties', 'IFCSpatialStructure', 'Projects'] as const;
export type EntitySet = (typeof ENTITY_SETS)[number];

export type ODataQuery = {
  entitySet: EntitySet;
  /** Empty for the account-wide root, else the project's own root. */
  projectId: string;
  filter: string;
  select: string;
  orderby: string;
  top: string;
};

export const FEED_ROOT = '/api/ifc/odata';

/** Starting points that work on any generated or real model, so the first Run shows rows. */
export const EXAMPLES: Record<EntitySet, Pick<ODataQuery, 'filter' | 'select' | 'orderby'>> = {
  IFCElements: { filter: "IfcType eq 'IfcWall'", select: 'Name,IfcType,Storey,Material', orderby: 'Name' },
  IFCProperties: {
    filter: "SetName eq 'Pset_WallCommon'",
    select: 'ElementExpressId,PropertyName,Value',
    orderby: 'ElementExpressId',
  },
  IFCSpatialStructure: {
    filter: "IfcType eq 'IfcBuildingStorey'",
    select: 'Name,IfcType,Elevation',
    orderby: 'Elevation',
  },
  Projects: { filter: '', select: '', orderby: '' },
};

// Query option values are percent-encoded, but the characters OData itself uses (commas,
// parentheses, slashes) stay readable. Quotes are encoded: the browser would encode them anyway,
// and the URL shown must be the one sent.
const encodeOption = (value: string) =>
  encodeURIComponent(value)
    .replace(/%2C/gi, ',')
    .replace(/%2F/gi, '/')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')')
    .replace(/'/g, '%27');

/** The exact path and query the demo sends, relative to the site origin. */
export function buildODataPath(query: ODataQuery): string {
  const root = query.projectId.trim()
    ? `${FEED_ROOT}/projects/${encodeURIComponent(query.projectId.trim())}`
    : FEED_ROOT;
  const options: string[] = [];
  const add = (name: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed) options.push(`${name}=${encodeOption(trimmed)}`);
  };
  add('$filter', query.filter);
  add('$select', query.select.replace(/\s*,\s*/g, ','));
  add('$orderby', query.orderby);
  add('$top', query.top);
  return `${root}/${query.entitySet}${options.length ? `?${options.join('&')}` : ''}`;
}

export type TopCheck = { ok: true } | { ok: false; message: string };

/** $top must be a whole number; the server would refuse anything else, so say it before sending. */
export function checkTop(top: string): TopCheck {
  const trimmed = top.trim();
  if (trimmed === '' || /^\d+$/.test(trimmed)) return { ok: true };
  return { ok: false, message: '$top must be a whole number' };
}
