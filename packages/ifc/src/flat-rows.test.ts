import { expandRepeats, flattenBatch, flatRowCount, flattenRows } from './flat-rows';

describe('flat rows', () => {
  it('lays rows out one after another in the given column order, absent values as null', () => {
    const rows = [
      { a: 1, b: 'x', c: true },
      { a: 2, b: undefined as unknown as string, c: false },
    ];
    expect(flattenRows(rows, ['c', 'a', 'b'])).toEqual([true, 1, 'x', false, 2, null]);
  });

  it('marks a value equal to the one above as a repeat, and expanding restores every value', () => {
    const rows = [
      { id: 1, set: 'Pset_WallCommon', value: 'A', n: 0.5 },
      { id: 2, set: 'Pset_WallCommon', value: null, n: 0.5 },
      { id: 3, set: 'Pset_WallCommon', value: null, n: 1 },
      { id: 4, set: 'Qto_WallBaseQuantities', value: 'A', n: 1 },
    ];
    const columns = ['id', 'set', 'value', 'n'] as const;
    const flat = flattenRows(rows, columns);
    expect(flat).toEqual([
      ...[1, 'Pset_WallCommon', 'A', 0.5],
      ...[2, undefined, null, undefined],
      ...[3, undefined, undefined, 1],
      ...[4, 'Qto_WallBaseQuantities', 'A', undefined],
    ]);
    expandRepeats(flat, columns.length);
    expect(flat).toEqual(rows.flatMap((row) => columns.map((column) => row[column])));
  });

  it('flattens each row kind of a batch and leaves empty kinds out', () => {
    const flat = flattenBatch(
      { elements: [], properties: [{ ElementExpressId: 3 } as never] },
      { elements: ['ExpressId'], properties: ['ElementExpressId', 'Value'], spatial: ['ExpressId'] },
    );
    expect(flat).toEqual({ properties: [3, null] });
  });

  it('counts whole rows and refuses an array that is not whole rows', () => {
    expect(flatRowCount([1, 2, 3, 4, 5, 6], 3)).toBe(2);
    expect(flatRowCount(undefined, 3)).toBe(0);
    expect(() => flatRowCount([1, 2, 3, 4], 3)).toThrow(/not whole rows of 3/);
  });
});
