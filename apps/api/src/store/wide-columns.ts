import { distinctODataIdentifiers } from '@aec/odata';
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
  /** Null for a set without a name (IFC makes a set's Name optional). */
  setName: string | null;
  propertyName: string | null;
  type: WideColumnType;
}

export interface WideCatalog {
  /** Where the store keeps the rows (a table or collection name). */
  table: string;
  columns: WideColumn[];
  /** A document store's sub-documents holding each text column's toLowerCase()/toUpperCase() (feed-model.ts). */
  caseShadows?: { lower: string; upper: string };
}

/** What the stores count per (set, property) before deciding a column: one pass over the property rows. */
export interface PropertyStats {
  setName: string | null;
  propertyName: string | null;
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

/** What a nameless set's or property's columns are called (`UnnamedSet_Zone`). */
export const UNNAMED_SET = 'UnnamedSet';
export const UNNAMED_PROPERTY = 'UnnamedProperty';

const setLabel = (s: { setName: string | null }) => s.setName ?? UNNAMED_SET;
const propertyLabel = (s: { propertyName: string | null }) => s.propertyName ?? UNNAMED_PROPERTY;

/** Set name, then property name, as labelled; a named set sorts before a nameless one of the same label. */
function byLabel(a: PropertyStats, b: PropertyStats): number {
  return (
    setLabel(a).localeCompare(setLabel(b), 'en') ||
    Number(a.setName === null) - Number(b.setName === null) ||
    propertyLabel(a).localeCompare(propertyLabel(b), 'en') ||
    Number(a.propertyName === null) - Number(b.propertyName === null)
  );
}

/**
 * Columns in a stable order (set name, then property name), named `<Set>_<Property>` as OData identifiers.
 * Properties that never have a value get no column. Past `max`, the properties present on the most elements are
 * kept. Alphabetical rather than by frequency: a set's properties stay side by side, and a revised model keeps its
 * columns in the same places (Tableau and Power BI list fields by name anyway).
 */
export function planWideColumns(stats: readonly PropertyStats[], max = MAX_WIDE_COLUMNS): WideColumn[] {
  const present = stats.filter((s) => s.values > 0);
  const kept =
    present.length <= max
      ? present
      : [...present].sort((a, b) => b.values - a.values || byLabel(a, b)).slice(0, max);
  const ordered = [...kept].sort(byLabel);
  // Two columns whose labels read the same still get two names (`_2`): each is its own column.
  const names = distinctODataIdentifiers(
    ordered.map((s) => `${setLabel(s)}.${propertyLabel(s)}`),
    WIDE_FIXED_COLUMNS,
  );
  return ordered.map((s, i) => ({
    name: names[i]!,
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

/** Null is keyed apart from every text (a control character no IFC name holds), so `null` ≠ `'null'`. */
export const columnKey = (setName: string | null, propertyName: string | null): string =>
  `${setName ?? '\u0001'}\u0000${propertyName ?? '\u0001'}`;

/**
 * The columns of several versions' wide sets served as one: a column per (set, property) found in any of them,
 * typed as they agree (text when they do not), named and ordered as planWideColumns does.
 */
export function mergeWideColumns(catalogs: readonly WideCatalog[]): WideColumn[] {
  const stats = new Map<string, PropertyStats>();
  for (const catalog of catalogs)
    for (const c of catalog.columns) {
      const key = columnKey(c.setName, c.propertyName);
      const s = stats.get(key) ?? {
        setName: c.setName,
        propertyName: c.propertyName,
        values: 0,
        numeric: 0,
        boolean: 0,
      };
      s.values++;
      if (c.type === 'Edm.Double') s.numeric++;
      if (c.type === 'Edm.Boolean') s.boolean++;
      stats.set(key, s);
    }
  return planWideColumns([...stats.values()]);
}
