import type { FeedReader } from '../feed-types';
import type { SqliteDb } from './database';

/**
 * Versions whose rows are still stored: a version record marked retained (a pruned one keeps its record with
 * retained = 0; a deleted version, model or project has none). Pairs are checked in chunks under SQLite's
 * parameter limit.
 */
export function createSqliteHeldVersions(db: SqliteDb): FeedReader['heldVersions'] {
  const CHUNK = 400;
  return async (pairs) => {
    const held: { id: string; version: number }[] = [];
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const chunk = pairs.slice(i, i + CHUNK);
      const rows = db
        .prepare(
          `SELECT project_id AS id, version FROM versions
           WHERE retained = 1 AND (project_id, version) IN (VALUES ${chunk.map(() => '(?, ?)').join(', ')})`,
        )
        .all(...chunk.flatMap((p) => [p.id, p.version])) as { id: string; version: number }[];
      held.push(...rows);
    }
    return held;
  };
}
