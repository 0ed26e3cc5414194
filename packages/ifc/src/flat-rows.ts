import type { RowBatch } from './types';

/**
 * A batch as one flat array of values per row kind, row after row, each row's values in a column order the sender
 * and receiver agree on; an absent value is null. Sent between threads instead of row objects: the structured
 * clone of an array of values is about half the work of objects that repeat every key per row, and it is what a
 * positional insert statement binds anyway.
 */
export interface FlatRowBatch {
  elements?: unknown[];
  properties?: unknown[];
  spatial?: unknown[];
}

export interface RowColumnOrder {
  elements: readonly (keyof NonNullable<RowBatch['elements']>[number])[];
  properties: readonly (keyof NonNullable<RowBatch['properties']>[number])[];
  spatial: readonly (keyof NonNullable<RowBatch['spatial']>[number])[];
}

/**
 * Each row's values, in `columns` order, in one flat array. Built by push, not preallocated: `new Array(n)` makes a
 * holey array, which the structured clone writes as a sparse one, index by index (measured three times slower).
 */
export function flattenRows<Row extends object>(
  rows: readonly Row[],
  columns: readonly (keyof Row)[],
): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) for (const column of columns) out.push(row[column] ?? null);
  return out;
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
