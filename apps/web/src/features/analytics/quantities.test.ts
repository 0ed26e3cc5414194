import { addRows, emptyTotals } from './quantities';

describe('quantity totals', () => {
  it('sums each quantity over the rows that have it, page after page', () => {
    let acc = addRows(emptyTotals(), [
      { GrossVolume: 1.5, NetVolume: 1, Length: null },
      { GrossVolume: 2.5, GrossArea: '10.25', Length: 'n/a' },
    ]);
    acc = addRows(acc, [{ GrossVolume: 1, NetArea: 4 }]);
    expect(acc.rows).toBe(3);
    const byColumn = Object.fromEntries(acc.totals.map((t) => [t.column, t]));
    expect(byColumn.GrossVolume).toEqual({ column: 'GrossVolume', total: 5, elements: 3 });
    expect(byColumn.NetVolume).toEqual({ column: 'NetVolume', total: 1, elements: 1 });
    // IEEE754Compatible feeds send decimals as strings; they still count.
    expect(byColumn.GrossArea).toEqual({ column: 'GrossArea', total: 10.25, elements: 1 });
    expect(byColumn.NetArea?.total).toBe(4);
    expect(byColumn.Length).toEqual({ column: 'Length', total: 0, elements: 0 });
  });
});
