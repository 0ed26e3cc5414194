import type { SqliteDb } from './database';

/**
 * Bulk work over one project version's rows, done in key ranges of `rows` rows with a yield between ranges, so a
 * connection shared with requests (the API's own) never holds the event loop or the write lock for long.
 */
export interface VersionKeyRanges {
  /**
   * Calls `work(after, end)` for consecutive ranges `after < "Id" <= end` (`end` undefined for the last range)
   * in key order. Resolves false when `isCancelled` stopped it between two ranges.
   */
  each(
    projectId: string,
    version: number,
    work: (after: unknown, end: unknown) => void,
    isCancelled?: () => boolean,
  ): Promise<boolean>;
}

/** `start` must sort before every key ("Id" is text on elements, an integer on properties). */
export function versionKeyRanges(
  db: SqliteDb,
  table: string,
  { start, rows }: { start: string | number; rows: number },
): VersionKeyRanges {
  const rangeEnd = db.prepare(
    `SELECT "Id" AS id FROM ${table} WHERE project_id = ? AND version = ? AND "Id" > ?
     ORDER BY "Id" LIMIT 1 OFFSET ${Math.max(1, Math.floor(rows)) - 1}`,
  );
  return {
    async each(projectId, version, work, isCancelled = () => false) {
      let after: unknown = start;
      for (;;) {
        if (isCancelled()) return false;
        const end = (rangeEnd.get(projectId, version, after) as { id: unknown } | undefined)?.id;
        work(after, end);
        if (end === undefined) return true;
        after = end;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
