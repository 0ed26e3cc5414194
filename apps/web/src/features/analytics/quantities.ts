/** Quantity columns of the IFCElements feed that add up meaningfully across elements. */
export const QUANTITY_COLUMNS = ['GrossVolume', 'NetVolume', 'GrossArea', 'NetArea', 'Length'] as const;
export type QuantityColumn = (typeof QUANTITY_COLUMNS)[number];

export type QuantityTotal = { column: QuantityColumn; total: number; elements: number };
export type QuantityTotals = { totals: QuantityTotal[]; rows: number };

export function emptyTotals(): QuantityTotals {
  return { totals: QUANTITY_COLUMNS.map((column) => ({ column, total: 0, elements: 0 })), rows: 0 };
}

/**
 * Adds one page of feed rows. Missing and non-numeric values are skipped (an element without a
 * quantity is not a zero), and the count of elements that had one is kept beside each sum.
 */
export function addRows(acc: QuantityTotals, rows: readonly Record<string, unknown>[]): QuantityTotals {
  const totals = acc.totals.map((entry) => {
    let { total, elements } = entry;
    for (const row of rows) {
      const value = row[entry.column];
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n)) {
        total += n;
        elements += 1;
      }
    }
    return { column: entry.column, total, elements };
  });
  return { totals, rows: acc.rows + rows.length };
}
