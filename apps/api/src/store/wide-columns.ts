import { uniqueODataIdentifiers } from '@aec/odata';
import { elementColumnNames } from './row-columns';

/**
 * The per-project wide element set: one typed column per property and quantity found in the model, so a BI tool
 * that reads only flat tables (Tableau) gets every property as a column. This module decides the columns; the
 * stores materialise them.
 */

export type WideColumnType = 'Edm.Double' | 'Edm.Boolean' | 'Edm.String';

export interface WideColumn {
  /** The OData property name (an identifier, unique case-insensitively, distinct from the element columns). */
  name: string;
  setName: string;
  propertyName: string;
  type: WideColumnType;
}

export interface WideCatalog {
  /** Where the store keeps the rows (a table or collection name). */
  table: string;
  columns: WideColumn[];
}

/** What the stores count per (set, property) before deciding a column: one pass over the property rows. */
export interface PropertyStats {
  setName: string;
  propertyName: string;
  /** Values present (non-null Value or NumericValue). */
  values: number;
  numeric: number;
  boolean: number;
}

/** The entity set's name on a per-project service root. */
export const WIDE_ENTITY_SET = 'IFCElementsWide';
export const WIDE_ENTITY_TYPE = 'IFCElementWide';

/**
 * SQLite allows 2000 columns per table by default; the element columns and keys take some. Beyond this many
 * properties, the ones present on the most elements are kept (the IFCProperties set still has every value).
 */
export const MAX_WIDE_COLUMNS = 1500;

/** Element columns the wide set carries before the property columns (names the property columns must avoid). */
export const WIDE_FIXED_COLUMNS = ['Id', 'ProjectId', ...elementColumnNames] as const;

const BOOLEAN_TEXT = new Set(['true', 'false']);

/** Is this stored value text one a Boolean column can hold? (The extractor writes IfcBoolean as 'true'/'false'.) */
export const isBooleanText = (value: string | null): boolean =>
  value !== null && BOOLEAN_TEXT.has(value.toLowerCase());

function typeOf(stats: PropertyStats): WideColumnType {
  if (stats.values > 0 && stats.numeric === stats.values) return 'Edm.Double';
  if (stats.values > 0 && stats.boolean === stats.values) return 'Edm.Boolean';
  return 'Edm.String';
}

/**
 * Columns in a stable order (set name, then property name), named `<Set>_<Property>` as OData identifiers.
 * Properties that never have a value get no column.
 */
export function planWideColumns(stats: readonly PropertyStats[], max = MAX_WIDE_COLUMNS): WideColumn[] {
  const present = stats.filter((s) => s.values > 0);
  const kept =
    present.length <= max ? present : [...present].sort((a, b) => b.values - a.values).slice(0, max);
  const ordered = [...kept].sort(
    (a, b) => a.setName.localeCompare(b.setName, 'en') || a.propertyName.localeCompare(b.propertyName, 'en'),
  );
  const label = (s: PropertyStats) => `${s.setName}.${s.propertyName}`;
  const names = uniqueODataIdentifiers(ordered.map(label), WIDE_FIXED_COLUMNS);
  return ordered.map((s) => ({
    name: names.get(label(s))!,
    setName: s.setName,
    propertyName: s.propertyName,
    type: typeOf(s),
  }));
}

/** A property row's value in its column's type (null when it does not fit). */
export function wideValue(
  type: WideColumnType,
  value: string | null,
  numeric: number | null,
): string | number | boolean | null {
  if (type === 'Edm.Double') return numeric;
  if (type === 'Edm.Boolean') return isBooleanText(value) ? value!.toLowerCase() === 'true' : null;
  return value ?? (numeric === null ? null : String(numeric));
}

/** Looks columns up by (set, property): the stores' pivot needs it per property row. */
export function columnIndex(columns: readonly WideColumn[]): Map<string, number> {
  return new Map(columns.map((c, i) => [columnKey(c.setName, c.propertyName), i]));
}

export const columnKey = (setName: string, propertyName: string): string => `${setName}\u0000${propertyName}`;
