import { IdPairs } from './id-pairs';

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function randomInts(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

describe('IdPairs (sorted id pairs searched by bisection and galloping)', () => {
  const random = randomInts(7);
  const pairs = new IdPairs();
  const reference = new Map<number, number[]>();
  for (let i = 0; i < 20_000; i++) {
    const id = 1 + random(30_000);
    const value = random(1_000_000);
    pairs.add(id, value);
    reference.set(id, [...(reference.get(id) ?? []), value]);
  }
  const expected = (id: number) => {
    const values = reference.get(id);
    return [values?.[0], values?.at(-1), values, values?.length];
  };
  const found = (id: number) => [
    pairs.first.get(id),
    pairs.last.get(id),
    pairs.all.get(id),
    pairs.count.get(id),
  ];
  const ids = Array.from({ length: 30_100 }, (_, i) => i - 50);

  it.each([
    ['ascending ids (how products are built)', ids],
    ['descending ids', [...ids].reverse()],
    [
      'ids in random order',
      ids
        .map((id) => [random(1 << 30), id])
        .sort((a, b) => a[0]! - b[0]!)
        .map(([, id]) => id!),
    ],
    ['ascending ids with jumps back', ids.flatMap((id) => (id % 97 === 0 ? [id, id - 500, id] : [id]))],
  ])('finds what a Map of arrays finds, asked in %s', (_, order) => {
    const mismatches = order.filter((id) => JSON.stringify(found(id)) !== JSON.stringify(expected(id)));
    expect(mismatches).toEqual([]);
  });
});
