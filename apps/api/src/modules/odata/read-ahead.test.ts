import type { FeedPage } from '../../store/feed-types';
import { createReadAhead } from './read-ahead';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An encoded page of `rows` rows of `size` characters of JSON each. */
function page(rows: number, size = 100): FeedPage {
  return {
    rows: Array.from({ length: rows }, (_, i) => [`{"Id":${i}${' '.repeat(Math.max(0, size - 10))}}`, i]),
    rowColumns: ['$json', 'Id'],
    encoded: true,
    sortValues: (row) => [(row as unknown[])[1]],
  };
}

describe('read-ahead of feed pages', () => {
  it('reads the page after the current turn and serves it once, to the same key only', async () => {
    const ahead = createReadAhead({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let reads = 0;
    ahead.offer('next', () => {
      reads++;
      return page(10);
    });
    expect(reads).toBe(0);
    await tick();
    expect(reads).toBe(1);
    expect(ahead.take('other')).toBeUndefined();
    const served = ahead.take('next');
    expect([...(served!.rows as unknown[][])].map((r) => r[1])).toEqual([...Array(10).keys()]);
    expect(ahead.take('next')).toBeUndefined();
    expect(ahead.size).toBe(0);
  });

  it('holds no more than its byte budget', async () => {
    const ahead = createReadAhead({ maxBytes: 50_000, ttlMs: 60_000 });
    for (let i = 0; i < 10; i++) ahead.offer(`p${i}`, () => page(100, 200));
    await tick();
    // 100 rows of ~264 bytes each: one page fits, the next would exceed the budget.
    expect(ahead.size).toBe(1);
    expect(ahead.take('p0')).toBeDefined();
    ahead.offer('p1', () => page(100, 200));
    await tick();
    expect(ahead.take('p1')).toBeDefined();
  });

  it('drops expired pages, keeps nothing when the read fails, and never holds rows that are not in memory', async () => {
    const ahead = createReadAhead({ maxBytes: 1_000_000, ttlMs: 0 });
    ahead.offer('expired', () => page(3));
    await tick();
    expect(ahead.take('expired')).toBeUndefined();

    const lasting = createReadAhead({ maxBytes: 1_000_000, ttlMs: 60_000 });
    lasting.offer('fails', () => {
      throw new Error('store closed');
    });
    lasting.offer('async', () => ({
      rows: (async function* () {
        yield [1];
      })(),
      sortValues: () => [],
    }));
    await tick();
    expect(lasting.size).toBe(0);
  });
});
