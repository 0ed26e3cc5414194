import type { IfcSchemaFamily } from '@aec/contracts';

/**
 * Row shapes produced by the extraction. Other packages (api store, contracts) import these names,
 * so they are part of the public API: rename nothing without updating them.
 * The store adds Id and ProjectId; rows here only carry what the IFC file says.
 */

/**
 * One row per IfcProduct instance of every subtype.
 *
 * Pset columns (read from any `Pset_*Common` set of the instance, falling back to its type object):
 * Reference, Status, IsExternal, LoadBearing, FireRating, AcousticRating, ThermalTransmittance,
 * Combustible, SurfaceSpreadOfFlame, Compartmentation, HandicapAccessible, FireExit.
 * Storey/Building/Site/Space hold the spatial element's Name, else its LongName, else
 * '<IfcType> #<expressId>' for unnamed ones (real exporters leave them unnamed).
 * Quantity columns come from base quantity sets (`Qto_*BaseQuantities`, or `BaseQuantities` as
 * IFC2X3 exporters name them), values as stored in the file (no unit conversion).
 */
export interface ElementRow {
  GlobalId: string | null;
  ExpressId: number;
  IfcType: string;
  PredefinedType: string | null;
  Name: string | null;
  Description: string | null;
  ObjectType: string | null;
  Tag: string | null;
  TypeName: string | null;
  Storey: string | null;
  StoreyElevation: number | null;
  Building: string | null;
  Site: string | null;
  Space: string | null;
  Material: string | null;
  Reference: string | null;
  Status: string | null;
  IsExternal: boolean | null;
  LoadBearing: boolean | null;
  FireRating: string | null;
  AcousticRating: string | null;
  ThermalTransmittance: number | null;
  Combustible: boolean | null;
  SurfaceSpreadOfFlame: string | null;
  Compartmentation: boolean | null;
  HandicapAccessible: boolean | null;
  FireExit: boolean | null;
  Length: number | null;
  Width: number | null;
  Height: number | null;
  Depth: number | null;
  Perimeter: number | null;
  GrossArea: number | null;
  NetArea: number | null;
  GrossSideArea: number | null;
  NetSideArea: number | null;
  GrossFootprintArea: number | null;
  GrossVolume: number | null;
  NetVolume: number | null;
  GrossWeight: number | null;
  NetWeight: number | null;
}

export type PropertySetKind =
  'PropertySet' | 'QuantitySet' | 'TypePropertySet' | 'TypeQuantitySet' | 'MaterialProperty';

/** One row per property or quantity value attached to an element. */
export interface PropertyRow {
  ElementGlobalId: string | null;
  ElementExpressId: number;
  SetName: string | null;
  SetKind: PropertySetKind;
  PropertyName: string | null;
  Value: string | null;
  NumericValue: number | null;
  Unit: string | null;
  /** Schema casing of the value's defined type, e.g. 'IfcLabel', 'IfcLengthMeasure', 'IfcBoolean'. */
  ValueType: string | null;
}

/** One row per spatial structure element (site, building, storey, space, IFC4X3 facilities…). */
export interface SpatialRow {
  GlobalId: string | null;
  ExpressId: number;
  IfcType: string;
  Name: string | null;
  LongName: string | null;
  Elevation: number | null;
  ParentGlobalId: string | null;
  ParentType: string | null;
  /** Depth below the project: a site (or a top-level building without site) is 0. */
  Level: number;
}

/** One list for the server and the web app's texts: packages/contracts. */
export type SchemaFamily = IfcSchemaFamily;

export interface ExtractionSummary {
  /** FILE_SCHEMA as declared in the header, e.g. 'IFC4RC4'. */
  schema: string;
  schemaFamily: SchemaFamily;
  /** Number of entity instances (lines) in the DATA section. */
  entityCount: number;
  productCount: number;
  countsByType: Record<string, number>;
  /** Products per storey name; products without a storey are counted under NO_STOREY_KEY. */
  countsByStorey: Record<string, number>;
  propertyCount: number;
  spatialCount: number;
  durationMs: number;
  /** Problems the extraction worked around (one per kind, with a count); empty for a clean file. */
  warnings: ExtractionWarning[];
}

/** Kinds of string-encoding problems repaired before web-ifc reads a file (see step-text-repair). */
export type EncodingProblem =
  'invalidEscape' | 'lowercaseHex' | 'invalidCodePoint' | 'nulCharacter' | 'rawByte';

/** An entity instance name (#n) defined more than once in the DATA section: the first definition is read. */
export type DuplicateEntityProblem = 'duplicateEntity';

/** Bytes after the file's 'END-ISO-10303-21;' (padding, a signature): ignored. */
export type TrailingDataProblem = 'trailingData';

/** Instances of entity types the file's schema does not define (an IFC4 entity in an IFC2X3 file): left out. */
export type UnknownEntityProblem = 'unknownEntity';

/** Kept instances whose parameters are not ISO 10303-21 (a stray character, a malformed number): left out. */
export type UnreadableRecordProblem = 'unreadableRecord';

/** Whitespace-like bytes (a byte order mark, a no-break space, a NUL) between records: skipped. */
export type StrayBytesProblem = 'strayBytes';

/** Values typed with a defined type the file's schema lacks (IFCDATE in an IFC2X3 file): kept. */
export type UnknownDefinedTypeProblem = 'unknownDefinedType';

/** Reals beyond a double's range (1.E400): stored as no value. */
export type OutOfRangeRealProblem = 'outOfRangeReal';

export interface ExtractionWarning {
  code:
    | OutOfRangeRealProblem
    | UnknownDefinedTypeProblem
    | StrayBytesProblem
    | EncodingProblem
    | DuplicateEntityProblem
    | TrailingDataProblem
    | UnknownEntityProblem
    | UnreadableRecordProblem;
  count: number;
  /** A sentence for the processing log, count included. */
  message: string;
}

/**
 * An element row as the extraction hands it to the store: its columns, plus the fingerprint of its property values
 * (propertyFingerprint), which the store keeps out of sight of the feed. Rows built elsewhere may lack it.
 */
export interface ExtractedElementRow extends ElementRow {
  PropertyFingerprint?: string | null;
}

export interface RowBatch {
  elements?: ExtractedElementRow[];
  properties?: PropertyRow[];
  spatial?: SpatialRow[];
}

export interface ExtractProgress {
  phase: 'parse' | 'index' | 'extract';
  message: string;
  done?: number;
  total?: number;
}

export interface ExtractOptions {
  /** Rows per batch handed to onBatch (per row kind); default 1000. */
  batchSize?: number;
  /** Awaited before extraction continues, so the caller can apply back-pressure or pause. */
  onBatch: (batch: RowBatch) => void | Promise<void>;
  onProgress?: (progress: ExtractProgress) => void;
}
