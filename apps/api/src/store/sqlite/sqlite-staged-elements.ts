import type { SqliteDb } from './database';

/** Where a row-writer connection stages element rows (a TEMP table: only that connection ever sees it). */
export const STAGED_ELEMENTS_TABLE = 'temp.staged_elements';

/** Page cache while staged rows are moved (KiB): holds the sorter's runs and the index pages the rows land on. */
const MOVE_CACHE_KIB = 32 * 1024;

/** Stores rows the move left out because their key was taken (repeated GlobalIds), in their arrival order. */
export type StoreRepeatedRows = (values: unknown[]) => void;

export interface StagedElements {
  /**
   * Moves the staged rows of one row version into ifc_elements in key order and empties the staging table; runs
   * inside the caller's write transaction.
   */
  move(projectId: string, version: number, storeRepeats: StoreRepeatedRows): void;
}

/**
 * Element keys are `<modelId>:<GlobalId>`, random in file order: inserted as they arrive, every row lands at a
 * random place of the WITHOUT ROWID element table and its (project, version, changed_at) index, so each batch
 * dirties pages all over a B-tree far larger than the page cache (measured on the 100 MB bench model's 153,342
 * rows: 9.9 s CPU). The row writer therefore appends them to a TEMP table on its own connection as they arrive
 * (1.2 s CPU) and moves them with one INSERT … SELECT … ORDER BY "Id" once the last batch is in (SQLite sorts in C;
 * ~1.3 s CPU), so the B-tree and its indexes are filled in order.
 *
 * Being TEMP, staged rows are never visible to another connection, and they vanish with the connection: a cancelled,
 * failed or stopped job (the writer closes its connection) and a crashed process (SQLite's temp files are unlinked
 * when opened) leave none. The staging table copies ifc_elements' columns (CREATE … AS SELECT), so a column added
 * to the element table is staged and moved without a change here.
 */
export function createStagedElements(
  db: SqliteDb,
  /** The stored columns in the order of flat element batches, as SQL (`"Name", …, property_fingerprint`). */
  flatColumns: string[],
): StagedElements {
  // libsql builds SQLite with TEMP_STORE=2 (temp tables in memory): the staged rows would sit in the API's RSS
  // (+130–180 MB peak for the 100 MB bench model). On file, pages beyond the temp cache go to an unlinked temp file (the OS keeps
  // it in its page cache) and the move's sorter spills there too; measured no slower. Must precede the table:
  // changing temp_store drops the connection's temp tables.
  db.pragma('temp_store = FILE');
  db.exec(`DROP TABLE IF EXISTS ${STAGED_ELEMENTS_TABLE};
    CREATE TEMP TABLE staged_elements AS SELECT * FROM main.ifc_elements WHERE 0`);
  const columns = (
    db.prepare(`SELECT name FROM pragma_table_info('staged_elements', 'temp')`).all() as { name: string }[]
  )
    .map(({ name }) => `"${name}"`)
    .join(', ');
  // Equal keys move in arrival order (rowid), so the first row of a repeated GlobalId keeps the plain key.
  const moveRows = db.prepare(
    `INSERT INTO main.ifc_elements (${columns})
     SELECT ${columns} FROM ${STAGED_ELEMENTS_TABLE} WHERE project_id = ? AND version = ? ORDER BY "Id", rowid
     ON CONFLICT DO NOTHING`,
  );
  const stagedCount = db.prepare(
    `SELECT COUNT(*) AS n FROM ${STAGED_ELEMENTS_TABLE} WHERE project_id = ? AND version = ?`,
  );
  // The rows the move skipped: every row of a repeated key after its first, in arrival order, in the column order
  // of flat element batches.
  const repeatedRows = db
    .prepare(
      `SELECT ${flatColumns.map((column) => `s.${column}`).join(', ')}
       FROM ${STAGED_ELEMENTS_TABLE} s
       JOIN (SELECT "Id", MIN(rowid) AS first FROM ${STAGED_ELEMENTS_TABLE}
             WHERE project_id = ?1 AND version = ?2 GROUP BY "Id" HAVING COUNT(*) > 1) f ON f."Id" = s."Id"
       WHERE s.project_id = ?1 AND s.version = ?2 AND s.rowid > f.first
       ORDER BY s.rowid`,
    )
    .raw(true);
  const clear = db.prepare(`DELETE FROM ${STAGED_ELEMENTS_TABLE}`);

  return {
    move(projectId, version, storeRepeats) {
      const staged = (stagedCount.get(projectId, version) as { n: number }).n;
      const { cache_size: cacheKib } = db.prepare('PRAGMA cache_size').get() as { cache_size: number };
      db.pragma(`cache_size = -${MOVE_CACHE_KIB}`);
      try {
        const moved = moveRows.run(projectId, version).changes;
        if (moved < staged) storeRepeats((repeatedRows.all(projectId, version) as unknown[][]).flat());
        clear.run();
      } finally {
        // Back to the connection's own size: SQLite frees the pages above it.
        db.pragma(`cache_size = ${cacheKib}`);
      }
    },
  };
}
