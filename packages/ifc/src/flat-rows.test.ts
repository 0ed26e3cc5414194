import { flattenBatch, flatRowCount, flattenRows } from './flat-rows';

describe('flat rows', () => {
  it('lays rows out one after another in the given column order, absent values as null', () => {
    const rows = [
      { a: 1, b: 'x', c: true },
      { a: 2, b: undefined as unknown as string, c: false },
    ];
    expect(flattenRows(rows, ['c', 'a', 'b'])).toEqual([true, 1, 'x', false, 2, null]);
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
