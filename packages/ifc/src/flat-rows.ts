import type { RowBatch } from './types';

/**
 * A batch as one flat array of values per row kind, row after row, each row's values in a column order the sender
 * and receiver agree on; an absent value is null, and `undefined` means "the same value as the row above" (see
 * flattenRows). Sent between threads instead of row objects: the structured clone of an array of values is about
 * half the work of objects that repeat every key per row, and it is what a positional insert statement binds.
 */
export interface FlatRowBatch {
  elements?: unknown[];
  properties?: unknown[];
  spatial?: unknown[];
  /**
   * Property rows in a receiver's own narrower form, instead of `properties`: some columns replaced by the number of
   * a definition (the row writer's; see its property-defs), the definitions first used by this batch in
   * `propertyDefs`.
   */
  propertyValues?: unknown[];
  propertyDefs?: unknown[];
  /** Element rows in the same narrower form, instead of `elements`. */
  elementValues?: unknown[];
  elementDefs?: unknown[];
}

export interface RowColumnOrder {
  elements: readonly (keyof NonNullable<RowBatch['elements']>[number])[];
  properties: readonly (keyof NonNullable<RowBatch['properties']>[number])[];
  spatial: readonly (keyof NonNullable<RowBatch['spatial']>[number])[];
}

type Flattener = (rows: readonly object[]) => unknown[];
const flatteners = new WeakMap<readonly PropertyKey[], Flattener>();

/**
 * Each row's values, in `columns` order, in one flat array, a value equal to the one above it (same column, previous
 * row) written as `undefined`: consecutive rows share most of their text (an element's GlobalId on each of its
 * property rows, set and type names, storeys), and a repeat costs the structured clone one byte instead of a string
 * to copy on one thread and allocate on the other. expandRepeats() restores the values.
 *
 * The loop is compiled once per column list into plain property reads (`row["Name"]`), twice as fast as reads by a
 * variable key, and builds the array by push: `new Array(n)` would make a holey array, which the structured clone
 * writes index by index (three times slower). Names are quoted with JSON.stringify, so none can inject code.
 */
export function flattenRows<Row extends object>(
  rows: readonly Row[],
  columns: readonly (keyof Row)[],
): unknown[] {
  let flatten = flatteners.get(columns);
  if (!flatten) {
    const values = columns.map(
      (column, i) =>
        `(v${i} = row[${JSON.stringify(String(column))}] ?? null) === p${i} ? undefined : (p${i} = v${i})`,
    );
    const names = columns.map((_, i) => `v${i}, p${i}`).join(', ');
    flatten = new Function(
      'rows',
      `const out = []; let ${names}; for (const row of rows) out.push(${values.join(', ')}); return out;`,
    ) as Flattener;
    flatteners.set(columns, flatten);
  }
  return flatten(rows);
}

/** Undoes flattenRows' repeat marks in place: each `undefined` takes the value of the row above (null in the first). */
export function expandRepeats(values: unknown[], width: number): void {
  for (let i = 0; i < values.length; i++) {
    if (values[i] === undefined) values[i] = i < width ? null : values[i - width];
  }
}

export function flattenBatch(batch: RowBatch, order: RowColumnOrder): FlatRowBatch {
  const flat: FlatRowBatch = {};
  if (batch.elements?.length) flat.elements = flattenRows(batch.elements, order.elements);
  if (batch.properties?.length) flat.properties = flattenRows(batch.properties, order.properties);
  if (batch.spatial?.length) flat.spatial = flattenRows(batch.spatial, order.spatial);
  return flat;
}

/** Rows in a flat array of `width` values per row; a length that is not a whole number of rows is a bug. */
export function flatRowCount(values: readonly unknown[] | undefined, width: number): number {
  if (!values) return 0;
  if (values.length % width !== 0) {
    throw new Error(`A flat row array of ${values.length} values is not whole rows of ${width} values`);
  }
  return values.length / width;
}
