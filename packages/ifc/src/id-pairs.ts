import { PagedIntList } from './step/paged-int-list';

/** What the row building asks of a relationship table: the value(s) for an id. */
export interface IdLookup<T> {
  get(id: number): T | undefined;
}

/**
 * The highest entity number the streaming model's indexes hold: they keep ids as 32-bit signed integers (web-ifc's
 * ids are 32-bit too; past this it loses property sets without a word). The streaming reader refuses a file naming
 * an entity beyond it.
 */
export const MAX_ENTITY_ID = 2 ** 31 - 1;

/**
 * (id, value) pairs collected in order, then sorted once by id (keeping their order within an id) into two int
 * arrays searched by bisection: 8 bytes a pair, where a Map of numbers or of arrays costs 40 to 100. A model of
 * millions of objects has millions of relationship pairs; this keeps them in a few tens of megabytes.
 */
export class IdPairs {
  private keys: PagedIntList | Int32Array = new PagedIntList();
  private values: PagedIntList | Int32Array = new PagedIntList();

  add(id: number, value: number): void {
    (this.keys as PagedIntList).push(id);
    (this.values as PagedIntList).push(value);
  }

  /** The value added first for an id (what `if (!map.has(id)) map.set(id, v)` keeps). */
  readonly first: IdLookup<number> = {
    get: (id) => {
      const at = this.lowerBound(id);
      return at < this.sortedKeys.length && this.sortedKeys[at] === id ? this.sortedValues[at] : undefined;
    },
  };

  /** The value added last for an id (what `map.set(id, v)` keeps). */
  readonly last: IdLookup<number> = {
    get: (id) => {
      const at = this.lowerBound(id + 1) - 1;
      return at >= 0 && this.sortedKeys[at] === id ? this.sortedValues[at] : undefined;
    },
  };

  /** Every value added for an id, in the order added; undefined when none. */
  readonly all: IdLookup<number[]> = {
    get: (id) => {
      const from = this.lowerBound(id);
      const to = this.lowerBound(id + 1);
      return to > from ? Array.from(this.sortedValues.subarray(from, to)) : undefined;
    },
  };

  /** How many values were added for an id; undefined when none. */
  readonly count: IdLookup<number> = {
    get: (id) => {
      const n = this.lowerBound(id + 1) - this.lowerBound(id);
      return n > 0 ? n : undefined;
    },
  };

  private get sortedKeys(): Int32Array {
    this.sort();
    return this.keys as Int32Array;
  }

  private get sortedValues(): Int32Array {
    this.sort();
    return this.values as Int32Array;
  }

  /** Where the last search ended: products are built in id order, so most searches start just past it. */
  private hint = 0;

  /**
   * The first index whose id is ≥ id. From the last search's end when the id lies beyond it (galloping: steps of 1,
   * 2, 4… then bisection within the last step), else by bisection over everything.
   */
  private lowerBound(id: number): number {
    const keys = this.sortedKeys;
    const n = keys.length;
    let lo = 0;
    let hi = n;
    const hint = this.hint;
    if (hint <= n && (hint === 0 || (keys[hint - 1] as number) < id)) {
      lo = hint;
      for (let step = 1; ; step *= 2) {
        const probe = hint + step - 1;
        if (probe >= n) break;
        if ((keys[probe] as number) >= id) {
          hi = probe;
          break;
        }
        lo = probe + 1;
      }
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    this.hint = lo;
    return lo;
  }

  /** Sorts the pairs by id, stable, once (on the first lookup). */
  private sort(): void {
    if (this.keys instanceof Int32Array) return;
    const keys = (this.keys as PagedIntList).toArray();
    const values = (this.values as PagedIntList).toArray();
    const n = keys.length;
    const order = stableOrder(keys);
    const sortedKeys = new Int32Array(n);
    const sortedValues = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const from = order[i] as number;
      sortedKeys[i] = keys[from] as number;
      sortedValues[i] = values[from] as number;
    }
    this.keys = sortedKeys;
    this.values = sortedValues;
  }
}

/**
 * The positions of `keys` in ascending key order, equal keys in their original order. Key and position are packed
 * into one double and sorted natively when they fit in its 53 bits (ids below 2^29 with up to 16M pairs), else
 * sorted with a comparator.
 */
function stableOrder(keys: Int32Array): Uint32Array {
  const n = keys.length;
  const bits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const scale = 2 ** bits;
  let min = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const k = keys[i] as number;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const order = new Uint32Array(n);
  if (min >= 0 && max * scale + scale <= Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = (keys[i] as number) * scale + i;
    packed.sort();
    for (let i = 0; i < n; i++) order[i] = (packed[i] as number) % scale;
    return order;
  }
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
}
