import type { FeedPage, FeedRow } from '../../store/feed-types';

/**
 * BI tools pull a feed page by page, each request waiting for the previous page to be parsed. While a client
 * parses one page, the service reads the next one, so the store's time and the client's overlap instead of adding
 * up. A page read ahead is served only to an identical request (same caller, same visible project versions, same
 * query, same position), and rows of a published version never change, so it is exactly what a fresh read returns.
 * Memory is bounded: a page is read ahead only while the pages held stay under `maxBytes`, and each expires.
 */
export interface ReadAhead {
  /** The page read ahead for this request, removed from the cache; undefined when there is none. */
  take(key: string): FeedPage | undefined;
  /** Reads the page soon (after the current response is written) and keeps it for `take`. */
  offer(key: string, read: () => FeedPage): void;
  /** Pages held now (for tests). */
  readonly size: number;
}

interface Held {
  page: FeedPage;
  bytes: number;
  expires: number;
}

/** Pre-encoded rows hold their JSON text: its length is the page's size. Other rows are estimated. */
function sizeOf(rows: readonly FeedRow[], encoded: boolean): number {
  if (!encoded) return rows.length * 512;
  let bytes = 0;
  for (const row of rows) bytes += String((row as readonly unknown[])[0] ?? '').length + 64;
  return bytes;
}

export function createReadAhead({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }): ReadAhead {
  const held = new Map<string, Held>();
  let heldBytes = 0;

  const drop = (key: string) => {
    const entry = held.get(key);
    if (!entry) return;
    held.delete(key);
    heldBytes -= entry.bytes;
  };
  const sweep = (now: number) => {
    for (const [key, entry] of held) if (entry.expires <= now) drop(key);
  };

  return {
    take(key) {
      const entry = held.get(key);
      if (!entry) return undefined;
      drop(key);
      return entry.expires > Date.now() ? entry.page : undefined;
    },
    offer(key, read) {
      setImmediate(() => {
        const now = Date.now();
        sweep(now);
        if (held.has(key) || heldBytes >= maxBytes) return;
        let page: FeedPage;
        try {
          page = read();
        } catch {
          // The real request reads the page again and reports its error; nothing to keep.
          return;
        }
        // Only a store that returns a page's rows at once (SQLite) is read ahead: its rows are in memory already.
        if (!Array.isArray(page.rows)) return;
        const rows = page.rows as FeedRow[];
        const bytes = sizeOf(rows, page.encoded === true);
        if (heldBytes + bytes > maxBytes) return;
        held.set(key, { page, bytes, expires: now + ttlMs });
        heldBytes += bytes;
      });
    },
    get size() {
      return held.size;
    },
  };
}
