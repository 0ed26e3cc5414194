import type { ElementRow, ExtractedElementRow, PropertyRow, SpatialRow } from '@aec/ifc';

export type ColumnType = 'string' | 'integer' | 'number' | 'boolean';

/**
 * The typed columns of each row kind, in feed order. `satisfies` makes the compiler check that every field of the
 * extraction's row types has a column: the store schemas, CSV export and OData model are all derived from these.
 */
export const ELEMENT_COLUMNS = {
  GlobalId: 'string',
  ExpressId: 'integer',
  IfcType: 'string',
  PredefinedType: 'string',
  Name: 'string',
  Description: 'string',
  ObjectType: 'string',
  Tag: 'string',
  TypeName: 'string',
  Storey: 'string',
  StoreyElevation: 'number',
  Building: 'string',
  Site: 'string',
  Space: 'string',
  Material: 'string',
  Reference: 'string',
  Status: 'string',
  IsExternal: 'boolean',
  LoadBearing: 'boolean',
  FireRating: 'string',
  AcousticRating: 'string',
  ThermalTransmittance: 'number',
  Combustible: 'boolean',
  SurfaceSpreadOfFlame: 'string',
  Compartmentation: 'boolean',
  HandicapAccessible: 'boolean',
  FireExit: 'boolean',
  Length: 'number',
  Width: 'number',
  Height: 'number',
  Depth: 'number',
  Perimeter: 'number',
  GrossArea: 'number',
  NetArea: 'number',
  GrossSideArea: 'number',
  NetSideArea: 'number',
  GrossFootprintArea: 'number',
  GrossVolume: 'number',
  NetVolume: 'number',
  GrossWeight: 'number',
  NetWeight: 'number',
} as const satisfies Record<keyof ElementRow, ColumnType>;

export const PROPERTY_COLUMNS = {
  ElementGlobalId: 'string',
  ElementExpressId: 'integer',
  SetName: 'string',
  SetKind: 'string',
  PropertyName: 'string',
  Value: 'string',
  NumericValue: 'number',
  Unit: 'string',
  ValueType: 'string',
} as const satisfies Record<keyof PropertyRow, ColumnType>;

export const SPATIAL_COLUMNS = {
  GlobalId: 'string',
  ExpressId: 'integer',
  IfcType: 'string',
  Name: 'string',
  LongName: 'string',
  Elevation: 'number',
  ParentGlobalId: 'string',
  ParentType: 'string',
  Level: 'integer',
} as const satisfies Record<keyof SpatialRow, ColumnType>;

export const elementColumnNames = Object.keys(ELEMENT_COLUMNS) as (keyof ElementRow)[];
/**
 * What a store keeps of an element row: its columns, then its property fingerprint (never served: no feed column,
 * not in $metadata). The extraction worker flattens element rows in this order for the SQLite row writer.
 */
export const storedElementColumnNames: readonly (keyof ExtractedElementRow)[] = [
  ...elementColumnNames,
  'PropertyFingerprint',
];
export const propertyColumnNames = Object.keys(PROPERTY_COLUMNS) as (keyof PropertyRow)[];
export const spatialColumnNames = Object.keys(SPATIAL_COLUMNS) as (keyof SpatialRow)[];

/**
 * The element key served by the feed and the REST API: unique across projects. The ExpressId is zero-padded so the
 * key sorts like the model's own order, which lets the stores page the feed straight from their primary key.
 */
export const elementId = (projectId: string, expressId: number): string =>
  `${projectId}:${String(expressId).padStart(10, '0')}`;
