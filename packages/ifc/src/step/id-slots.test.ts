import { IdSlots } from './id-slots';

/** Slots given in the order ids arrive, as the model keeps records; every id must map back to its slot. */
function check(ids: number[]): void {
  const slots = new IdSlots();
  ids.forEach((id, slot) => slots.set(id, slot));
  ids.forEach((id, slot) => expect([id, slots.get(id)]).toEqual([id, slot]));
  const kept = new Set(ids);
  for (const id of [0, 1, 30, 31, 32, 33, 62, 63, 64, 65, 127, 128, 2 ** 30 + 5]) {
    if (!kept.has(id)) expect(slots.get(id)).toBe(-1);
  }
  const seen = new Map<number, number>();
  slots.forEach((id, slot) => seen.set(id, slot));
  expect(seen).toEqual(new Map(ids.map((id, slot) => [id, slot])));
}

describe('IdSlots', () => {
  it('maps ids in file order, including the edges of a group’s two 32-bit halves', () => {
    check([1, 2, 31, 32, 33, 63, 64, 65, 95, 96, 127, 128, 1000, 1001, 5000]);
  });

  it('maps every id of dense groups', () => {
    check(Array.from({ length: 300 }, (_, i) => i + 3));
  });

  it('maps ids out of order and very large ids', () => {
    check([10, 40, 20, 41, 63, 70, 5, 66, 2 ** 30 + 1, 200, 2 ** 31 - 1, 201]);
  });
});
