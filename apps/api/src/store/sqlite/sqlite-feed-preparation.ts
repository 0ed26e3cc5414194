import { sqlJsonInexactCondition } from '@aec/odata';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, type ColumnType } from '../row-columns';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';

const doubleColumns = (columns: Record<string, ColumnType>) =>
  Object.entries(columns)
    .filter(([, type]) => type === 'number')
    .map(([name]) => name);

const FLAG_TABLES = [
  { table: 'ifc_elements', inexact: sqlJsonInexactCondition(doubleColumns(ELEMENT_COLUMNS)) },
  { table: 'ifc_properties', inexact: sqlJsonInexactCondition(doubleColumns(PROPERTY_COLUMNS)) },
] as const;

export interface SqliteFeedPreparation {
  /**
   * Work done once a version is published, off the upload's critical path: flags the rows whose JSON SQLite cannot
   * write exactly, then lists the version as checked (only checked versions have their JSON written by SQLite),
   * and refreshes the query planner's statistics when the element table has grown or shrunk twofold since.
   */
  prepare(projectId: string, version: number): void;
}

export function createSqliteFeedPreparation(db: SqliteDb, write: SqliteWrite): SqliteFeedPreparation {
  const flags = FLAG_TABLES.map(({ table, inexact }) =>
    db.prepare(`UPDATE ${table} SET json_inexact = 1 WHERE project_id = ? AND version = ? AND (${inexact})`),
  );
  const markChecked = db.prepare(
    'INSERT OR IGNORE INTO ifc_json_checked (project_id, version) SELECT id, ? FROM projects WHERE id = ?',
  );
  const forgetOlder = db.prepare('DELETE FROM ifc_json_checked WHERE project_id = ? AND version < ?');
  const statisticsExist = db.prepare(
    "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'",
  );
  const elementRows = db.prepare('SELECT COUNT(*) AS n FROM ifc_elements');

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
    prepare(projectId, version) {
      for (const flag of flags) write(() => flag.run(projectId, version));
      write(() => {
        markChecked.run(version, projectId);
        forgetOlder.run(projectId, version);
      });
      refreshStatistics();
    },
  };
}
