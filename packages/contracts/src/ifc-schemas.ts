/**
 * The IFC schema families an upload may declare, as the server's schema sniffing (packages/ifc) maps every accepted
 * FILE_SCHEMA name onto them; the web app's "supported versions" texts are built from the same list.
 */
export const IFC_SCHEMA_FAMILIES = ['IFC2X3', 'IFC4', 'IFC4X1', 'IFC4X3'] as const;
export type IfcSchemaFamily = (typeof IFC_SCHEMA_FAMILIES)[number];

/** How people write each family in prose. */
export const IFC_SCHEMA_LABELS: Record<IfcSchemaFamily, string> = {
  IFC2X3: 'IFC 2x3',
  IFC4: 'IFC4',
  IFC4X1: 'IFC4x1',
  IFC4X3: 'IFC4x3',
};

/** 'IFC 2x3, IFC4, IFC4x1 and IFC4x3' (or '… or IFC4x3'). */
export function ifcVersionList(conjunction: 'and' | 'or' = 'and'): string {
  const names = IFC_SCHEMA_FAMILIES.map((family) => IFC_SCHEMA_LABELS[family]);
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1) ?? ''}`;
}
