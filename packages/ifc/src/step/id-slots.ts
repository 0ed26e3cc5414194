import { PagedIntList } from './paged-int-list';

/** Ids are grouped by 64: a group holds the slot of its first kept id and a 64-bit mask of which ids are kept. */
const GROUP_BITS = 6;
/** Ids from here on (rare: exporters number from 1 upwards) are looked up in a Map. */
const MAX_GROUPED_ID = 2 ** 30;

function bitCount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Which slot holds each kept id. Files number their instances upwards, and records are kept in file order, so the
 * slots of a group's kept ids are consecutive: the slot of an id is its group's first slot plus the number of kept
 * ids before it in the mask. That is 12 bytes per 64 ids, where a table of slots costs 4 bytes per id (150 MB for a
 * 2.5 GB model). An id out of order (or past 2^30) goes to a Map, and so does every later id of the group it broke.
 */
export class IdSlots {
  private readonly firstSlot = new PagedIntList();
  /** two ints per group: the low and the high 32 ids' bits */
  private readonly masks = new PagedIntList();
  private readonly others = new Map<number, number>();
  private lastId = -1;
  private lastGroup = -1;
  private brokenGroup = -1;

  set(id: number, slot: number): void {
    const group = id >>> GROUP_BITS;
    if (id <= this.lastId || id >= MAX_GROUPED_ID || group === this.brokenGroup) {
      this.others.set(id, slot);
      // this slot sits between the group's ids: its later ids' slots are no longer consecutive with its first ones
      this.brokenGroup = this.lastGroup;
      return;
    }
    if (group !== this.lastGroup) {
      this.firstSlot.set(group, slot);
      this.lastGroup = group;
    }
    const bit = id & 63;
    const at = 2 * group + (bit >>> 5);
    this.masks.set(at, this.masks.get(at) | (1 << (bit & 31)));
    this.lastId = id;
  }

  /** The slot of an id, -1 when it is not kept. */
  get(id: number): number {
    if (id < MAX_GROUPED_ID) {
      const group = id >>> GROUP_BITS;
      const bit = id & 63;
      const low = this.masks.get(2 * group);
      if (bit < 32) {
        if (low & (1 << bit)) return this.firstSlot.get(group) + bitCount(low & ((1 << bit) - 1));
      } else {
        const high = this.masks.get(2 * group + 1);
        const b = bit - 32;
        if (high & (1 << b))
          return this.firstSlot.get(group) + bitCount(low) + bitCount(high & ((1 << b) - 1));
      }
    }
    if (this.others.size === 0) return -1;
    return this.others.get(id) ?? -1;
  }

  /** Every kept id with its slot: the grouped ids ascending, then the others ascending. */
  forEach(visit: (id: number, slot: number) => void): void {
    const groups = Math.ceil(this.masks.length / 2);
    const ordered: Array<[number, number]> = [];
    for (let group = 0; group < groups; group++) {
      let slot = this.firstSlot.get(group);
      for (let half = 0; half < 2; half++) {
        const mask = this.masks.get(2 * group + half);
        if (mask === 0) continue;
        for (let b = 0; b < 32; b++) {
          if (mask & (1 << b)) visit(group * 64 + half * 32 + b, slot++);
        }
      }
    }
    for (const entry of this.others) ordered.push(entry);
    ordered.sort((a, b) => a[0] - b[0]);
    for (const [id, slot] of ordered) visit(id, slot);
  }

  /** Bytes its tables hold (the Map of out-of-order ids aside). */
  get bytes(): number {
    return this.firstSlot.bytes + this.masks.bytes;
  }
}
