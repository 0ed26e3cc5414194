import { sqlJsonInexactCondition } from '@aec/odata';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, type ColumnType } from '../row-columns';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import { versionKeyRanges } from './version-key-ranges';

const doubleColumns = (columns: Record<string, ColumnType>) =>
  Object.entries(columns)
    .filter(([, type]) => type === 'number')
    .map(([name]) => name);

/** Each table's rows are flagged in key ranges of this many rows, one short write transaction per range. */
const FLAG_CHUNK = 20_000;
/** `start` sorts before every key of the table ("Id" is text on elements, an integer on properties). */
const FLAG_TABLES = [
  { table: 'ifc_elements', start: '', inexact: sqlJsonInexactCondition(doubleColumns(ELEMENT_COLUMNS)) },
  { table: 'ifc_properties', start: -1, inexact: sqlJsonInexactCondition(doubleColumns(PROPERTY_COLUMNS)) },
] as const;

export interface SqliteFeedPreparation {
  /**
   * Work done once a version is published, off the upload's critical path: flags the rows whose JSON SQLite cannot
   * write exactly, then lists the version as checked (only checked versions have their JSON written by SQLite),
   * and refreshes the query planner's statistics when the element table has grown or shrunk twofold since.
   */
  prepare(projectId: string, version: number, isCancelled?: () => boolean): Promise<void>;
  /** Published versions not yet checked, or without their wide set (both come from the same post-publish step). */
  awaiting(): { projectId: string; version: number }[];
}

export function createSqliteFeedPreparation(
  db: SqliteDb,
  write: SqliteWrite,
  { chunkRows = FLAG_CHUNK }: { chunkRows?: number } = {},
): SqliteFeedPreparation {
  const flags = FLAG_TABLES.map(({ table, start, inexact }) => ({
    ranges: versionKeyRanges(db, table, { start, rows: chunkRows }),
    range: db.prepare(
      `UPDATE ${table} SET json_inexact = 1
       WHERE project_id = ? AND version = ? AND "Id" > ? AND "Id" <= ? AND (${inexact})`,
    ),
    rest: db.prepare(
      `UPDATE ${table} SET json_inexact = 1 WHERE project_id = ? AND version = ? AND "Id" > ? AND (${inexact})`,
    ),
  }));
  const markChecked = db.prepare(
    'INSERT OR IGNORE INTO ifc_json_checked (project_id, version) SELECT id, ? FROM projects WHERE id = ?',
  );
  const statisticsExist = db.prepare(
    "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'",
  );
  const elementRows = db.prepare('SELECT COUNT(*) AS n FROM ifc_elements');
  const awaiting = db.prepare(
    `SELECT p.id AS projectId, m.published_version AS version FROM projects p JOIN models m ON m.project_id = p.id
     WHERE p.status = 'ready' AND m.published_version > 0 AND (
       NOT EXISTS (SELECT 1 FROM ifc_json_checked j WHERE j.project_id = p.id AND j.version = m.published_version)
       OR NOT EXISTS (SELECT 1 FROM ifc_wide_catalogs c
         WHERE c.project_id = p.id AND c.version = m.published_version))
     ORDER BY p.created_at, m.rowid`,
  );

  /**
   * Statistics tell SQLite that type and storey narrow a query, so it reads such pages off their index instead of
   * scanning the version in key order; they are ratios, so they only need refreshing when the data changes scale.
   */
  function refreshStatistics(): void {
    const rows = (elementRows.get() as { n: number }).n;
    // sqlite_stat1 exists only once ANALYZE has run: it cannot be prepared before.
    const stat = statisticsExist.get()
      ? (
          db.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'ifc_elements' LIMIT 1").get() as
            { stat: unknown } | undefined
        )?.stat
      : undefined;
    const analysed = stat === undefined ? 0 : Number(String(stat).split(' ')[0]);
    if (analysed > 0 && rows <= analysed * 2 && rows * 2 >= analysed) return;
    write(() => db.exec('ANALYZE ifc_elements'));
  }

  return {
    async prepare(projectId, version, isCancelled = () => false) {
      // In ranges, yielding between them: on the API's own thread other requests are served in between.
      for (const flag of flags) {
        const complete = await flag.ranges.each(
          projectId,
          version,
          (after, end) =>
            write(() =>
              end === undefined
                ? flag.rest.run(projectId, version, after)
                : flag.range.run(projectId, version, after, end),
            ),
          isCancelled,
        );
        if (!complete) return;
      }
      // Listed until the version's rows go (sqlite-version-rows): other models' and retained versions stay listed.
      write(() => markChecked.run(version, projectId));
      refreshStatistics();
    },
    awaiting() {
      return awaiting.all() as { projectId: string; version: number }[];
    },
  };
}
