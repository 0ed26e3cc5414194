import type { FeedPage } from '../../store/feed-types';

/**
 * BI tools pull a feed page by page, each request waiting for the previous page to be parsed. While a client
 * parses one page, the service reads the next one, so the store's time and the client's overlap instead of adding
 * up. A page read ahead is served only to an identical request (same caller, same visible project versions, same
 * query, same position), and rows of a published version never change, so it is exactly what a fresh read returns.
 *
 * Only pages whose rows the store already encoded as JSON are read ahead. Their bytes are copied into a few
 * buffers allocated once and reused, so holding a page between two requests creates no garbage for the heap to
 * keep (an earlier version held the row strings: the API's heap grew by over 100 MB during a million-row pull).
 */
export interface PageAhead {
  /** The entities' JSON, comma-separated: the inside of the `value` array. */
  body: Buffer;
  /** Entities in `body`. */
  rows: number;
  /** Whether the store had more rows after these. */
  more: boolean;
  /** Sort values of the last entity, for the next skip token. */
  last: readonly unknown[] | undefined;
  /** The response carrying `body` has been written or abandoned: the buffer may be reused. */
  done(): void;
}

export interface ReadAhead {
  /** The page read ahead for this request; its buffer stays reserved until `done()`. */
  take(key: string): PageAhead | undefined;
  /**
   * Soon (after the current response is written), reads the page and keeps its first `limit` rows for `take`,
   * when a buffer is free and the page fits in it.
   */
  offer(key: string, read: () => FeedPage, limit: number): void;
  /** Pages held or being served now (for tests). */
  readonly busy: number;
}

interface Slab {
  buffer: Buffer | undefined;
  state: 'free' | 'held' | 'serving';
  key?: string;
  page?: Omit<PageAhead, 'done' | 'body'> & { length: number };
  expires?: number;
}

export function createReadAhead({
  buffers,
  bufferBytes,
  ttlMs,
}: {
  buffers: number;
  bufferBytes: number;
  ttlMs: number;
}): ReadAhead {
  const slabs: Slab[] = Array.from({ length: buffers }, () => ({ buffer: undefined, state: 'free' }));
  const release = (slab: Slab) => {
    slab.state = 'free';
    delete slab.key;
    delete slab.page;
    delete slab.expires;
  };

  /** The rows' JSON joined by commas into the buffer; false when it does not fit (nothing is kept then). */
  function fill(buffer: Buffer, rows: readonly unknown[][], count: number): number | false {
    let at = 0;
    for (let i = 0; i < count; i++) {
      const json = rows[i]![0];
      if (typeof json !== 'string') return false;
      if (i > 0) {
        if (at >= buffer.length) return false;
        buffer[at++] = 0x2c;
      }
      // Three bytes per UTF-16 unit is the most UTF-8 can take: beyond that the row might not fit.
      if (at + json.length * 3 > buffer.length && at + Buffer.byteLength(json) > buffer.length) return false;
      at += buffer.write(json, at);
    }
    return at;
  }

  return {
    take(key) {
      const slab = slabs.find((s) => s.state === 'held' && s.key === key);
      if (!slab || !slab.page || !slab.buffer) return undefined;
      if ((slab.expires ?? 0) <= Date.now()) {
        release(slab);
        return undefined;
      }
      slab.state = 'serving';
      const { length, ...page } = slab.page;
      let released = false;
      return {
        ...page,
        body: slab.buffer.subarray(0, length),
        done: () => {
          if (released) return;
          released = true;
          release(slab);
        },
      };
    },
    offer(key, read, limit) {
      setImmediate(() => {
        const now = Date.now();
        for (const s of slabs) if (s.state === 'held' && (s.expires ?? 0) <= now) release(s);
        if (slabs.some((s) => s.state !== 'free' && s.key === key)) return;
        const slab = slabs.find((s) => s.state === 'free');
        if (!slab) return;
        let page: FeedPage;
        try {
          page = read();
        } catch {
          // The real request reads the page again and reports its error; nothing to keep.
          return;
        }
        if (!page.encoded || !Array.isArray(page.rows)) return;
        const rows = page.rows as unknown[][];
        const count = Math.min(rows.length, limit);
        slab.buffer ??= Buffer.allocUnsafeSlow(bufferBytes);
        const length = fill(slab.buffer, rows, count);
        if (length === false) return;
        slab.state = 'held';
        slab.key = key;
        slab.expires = now + ttlMs;
        slab.page = {
          length,
          rows: count,
          more: rows.length > limit,
          last: count > 0 ? page.sortValues(rows[count - 1]!) : undefined,
        };
      });
    },
    get busy() {
      return slabs.filter((s) => s.state !== 'free').length;
    },
  };
}
