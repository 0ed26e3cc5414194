import type { FeedPage } from '../../store/feed-types';
import { createReadAhead } from './read-ahead';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An encoded page of `rows` entities, each `{"Id":n,"Name":"…"}` with a name of `size` characters. */
function page(rows: number, size = 10, from = 0): FeedPage {
  return {
    rows: Array.from({ length: rows }, (_, i) => [
      JSON.stringify({ Id: from + i, Name: 'é'.repeat(size) }),
      from + i,
    ]),
    rowColumns: ['$json', 'Id'],
    encoded: true,
    sortValues: (row) => [(row as unknown[])[1]],
  };
}

const entities = (body: Buffer) => JSON.parse(`[${body.toString('utf8')}]`) as { Id: number }[];

describe('read-ahead of feed pages', () => {
  it('reads the page after the current turn and serves its first rows once, to the same key only', async () => {
    const ahead = createReadAhead({ buffers: 2, bufferBytes: 64 * 1024, ttlMs: 60_000 });
    let reads = 0;
    ahead.offer(
      'next',
      () => {
        reads++;
        return page(11, 10, 100);
      },
      10,
    );
    expect(reads).toBe(0);
    await tick();
    expect(reads).toBe(1);
    expect(ahead.take('other')).toBeUndefined();
    const served = ahead.take('next')!;
    expect(entities(served.body).map((e) => e.Id)).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i));
    expect({ rows: served.rows, more: served.more, last: served.last }).toEqual({
      rows: 10,
      more: true,
      last: [109],
    });
    expect(ahead.take('next')).toBeUndefined();
    served.done();
    expect(ahead.busy).toBe(0);
  });

  it('keeps a buffer reserved until its response is done, and reads nothing ahead without a free buffer', async () => {
    const ahead = createReadAhead({ buffers: 1, bufferBytes: 64 * 1024, ttlMs: 60_000 });
    ahead.offer('a', () => page(5), 5);
    await tick();
    const a = ahead.take('a')!;
    expect(a.more).toBe(false);
    let reads = 0;
    ahead.offer(
      'b',
      () => {
        reads++;
        return page(5);
      },
      5,
    );
    await tick();
    expect(reads).toBe(0);
    // The bytes being sent are still intact: nothing was written over them.
    expect(entities(a.body)).toHaveLength(5);
    a.done();
    a.done();
    ahead.offer('b', () => page(5, 10, 50), 5);
    await tick();
    expect(entities(ahead.take('b')!.body)[0]!.Id).toBe(50);
  });

  it('keeps nothing for a page larger than its buffer, a failed read, rows not encoded, or an expired page', async () => {
    const small = createReadAhead({ buffers: 2, bufferBytes: 200, ttlMs: 60_000 });
    small.offer('big', () => page(50, 20), 50);
    small.offer(
      'fails',
      () => {
        throw new Error('store closed');
      },
      5,
    );
    small.offer('plain', () => ({ rows: [[1]], sortValues: () => [] }), 5);
    await tick();
    expect(small.busy).toBe(0);
    expect(small.take('big')).toBeUndefined();

    const expiring = createReadAhead({ buffers: 1, bufferBytes: 64 * 1024, ttlMs: 0 });
    expiring.offer('old', () => page(3), 3);
    await tick();
    expect(expiring.take('old')).toBeUndefined();
    expect(expiring.busy).toBe(0);
  });
});
