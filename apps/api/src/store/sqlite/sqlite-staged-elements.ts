import type { SqliteDb } from './database';

/** Where a row-writer connection stages element rows (a TEMP table: only that connection ever sees it). */
export const STAGED_ELEMENTS_TABLE = 'temp.staged_elements';

/** Page cache while staged rows are moved (KiB): holds the sorter's runs and the index pages the rows land on. */
const MOVE_CACHE_KIB = 32 * 1024;

/**
 * Helper threads SQLite's sorter may use during the move (PRAGMA threads): it runs after the last batch, when the
 * extraction worker's core is idle. Measured on the 2.5 GB model: the move 91 → 80–84 s, peak RSS +55–70 MB (two
 * runs); no change at 100 MB, where the sort is a few runs in memory.
 */
const MOVE_SORTER_THREADS = 2;

/**
 * The index the move rebuilds instead of filling row by row when the version brings at least as many element rows as
 * the table already holds, and at least REBUILD_INDEX_MIN_ROWS (see `move`).
 */
const REBUILT_INDEX = 'ifc_elements_type_storey';
/**
 * Below this many staged rows the move never rebuilds the index: a rebuild changes the schema, and every connection
 * then prepares its statements on the element table again; for a small model the index's cost is small anyway.
 */
const REBUILD_INDEX_MIN_ROWS = 10_000;

/** Stores rows the move left out because their key was taken (repeated GlobalIds), in their arrival order. */
export type StoreRepeatedRows = (values: unknown[]) => void;

export interface StagedElements {
  /**
   * Moves the staged rows into ifc_elements in key order, each with `sharedValues` (the values of `sharedColumns`),
   * and empties the staging table; runs inside the caller's write transaction.
   */
  move(sharedValues: unknown[], storeRepeats: StoreRepeatedRows): void;
}

/**
 * Element keys are `<modelId>:<GlobalId>`, random in file order: inserted as they arrive, every row lands at a
 * random place of the WITHOUT ROWID element table and its (project, version, changed_at) index, so each batch
 * dirties pages all over a B-tree far larger than the page cache (measured on the 100 MB bench model's 153,342
 * rows: 9.9 s CPU). The row writer therefore appends them to a TEMP table on its own connection as they arrive
 * (1.2 s CPU) and moves them with one INSERT … SELECT … ORDER BY "Id" once the last batch is in (SQLite sorts in C;
 * ~1.3 s CPU), so the B-tree and its indexes are filled in order.
 *
 * The staging table holds one row version's rows (the row writer's connection serves one job) without the values all
 * of them share (project, version, model, changed_at): the move adds those, so the rows it sorts are about a quarter
 * smaller (100 MB model: staging 1.17 → 1.14 s, the move 1.2–1.3 → 1.1–1.2 s, writer alone).
 *
 * Being TEMP, staged rows are never visible to another connection, and they vanish with the connection: a cancelled,
 * failed or stopped job (the writer closes its connection) and a crashed process (SQLite's temp files are unlinked
 * when opened) leave none. The staging table copies ifc_elements' columns but the shared ones (CREATE … AS SELECT),
 * so a column added to the element table is staged and moved without a change here.
 *
 * Rows moved in key order still land at scattered places of the (project, version, type, storey, Id) index, one
 * place per type and storey. Once that index outgrows the move's cache, each row reads and writes back an index page
 * (the 2.5 GB model's 3.7 M rows into an index of ~500 MB: 150 s of a 420 s job). When the version brings at least as
 * many rows as the table already holds, the move drops the index, inserts the rows and creates it again in the same
 * transaction: SQLite then builds it from one sorted pass over the table. Measured on libsql alone, the move of
 * 3,680,208 staged rows (docs/performance-log.md): 152 s → 50 s (insert 36 s, index 11 s, commit 2.5 s); of the
 * 100 MB model's 153,342 rows: 2.2–2.4 s → 1.7–2.0 s. In the server: the 2.5 GB model's move 153–158 s → 73 s, the
 * 100 MB model's 2.53 → 2.16 s (means of four alternating uploads). Other connections keep reading the index they had until the
 * commit, then prepare their statements on the element table once more; with the table holding more rows than the
 * version brings, rebuilding would sort them all, and the move fills the index as before.
 */
export function createStagedElements(
  db: SqliteDb,
  /** The stored columns in the order of flat element batches, as SQL (`"Name", …, property_fingerprint`). */
  flatColumns: string[],
  /** The columns every row of the version shares, not staged: `move` is given their values. */
  sharedColumns: readonly string[],
): StagedElements {
  // libsql builds SQLite with TEMP_STORE=2 (temp tables in memory): the staged rows would sit in the API's RSS
  // (+130–180 MB peak for the 100 MB bench model). On file, pages beyond the temp cache go to an unlinked temp file (the OS keeps
  // it in its page cache) and the move's sorter spills there too; measured no slower. Must precede the table:
  // changing temp_store drops the connection's temp tables.
  db.pragma('temp_store = FILE');
  const elementColumns = (
    db.prepare(`SELECT name FROM pragma_table_info('ifc_elements', 'main')`).all() as { name: string }[]
  )
    .filter(({ name }) => !sharedColumns.includes(name))
    .map(({ name }) => `"${name}"`)
    .join(', ');
  db.exec(`DROP TABLE IF EXISTS ${STAGED_ELEMENTS_TABLE};
    CREATE TEMP TABLE staged_elements AS SELECT ${elementColumns} FROM main.ifc_elements WHERE 0`);
  const shared = sharedColumns.map((name) => `"${name}"`).join(', ');
  const sharedParams = sharedColumns.map((_, i) => `?${i + 1}`).join(', ');
  // Equal keys move in arrival order (rowid), so the first row of a repeated GlobalId keeps the plain key.
  const moveRows = db.prepare(
    `INSERT INTO main.ifc_elements (${shared}, ${elementColumns})
     SELECT ${sharedParams}, ${elementColumns} FROM ${STAGED_ELEMENTS_TABLE} ORDER BY "Id", rowid
     ON CONFLICT DO NOTHING`,
  );
  const stagedCount = db.prepare(`SELECT COUNT(*) AS n FROM ${STAGED_ELEMENTS_TABLE}`);
  // The rows the move skipped: every row of a repeated key after its first, in arrival order, in the column order
  // of flat element batches.
  const repeatedRows = db
    .prepare(
      `SELECT ${flatColumns.map((column) => `s.${column}`).join(', ')}
       FROM ${STAGED_ELEMENTS_TABLE} s
       JOIN (SELECT "Id", MIN(rowid) AS first FROM ${STAGED_ELEMENTS_TABLE}
             GROUP BY "Id" HAVING COUNT(*) > 1) f ON f."Id" = s."Id"
       WHERE s.rowid > f.first
       ORDER BY s.rowid`,
    )
    .raw(true);
  const clear = db.prepare(`DELETE FROM ${STAGED_ELEMENTS_TABLE}`);
  // Counts the table's rows up to a limit: a full count would scan every row of a big table.
  const storedUpTo = db.prepare('SELECT COUNT(*) AS n FROM (SELECT 1 FROM main.ifc_elements LIMIT ?)');
  const indexSql = db.prepare("SELECT sql FROM main.sqlite_schema WHERE type = 'index' AND name = ?");
  /** The index's definition when the move should rebuild it for `staged` rows, else null. */
  const rebuiltIndex = (staged: number): string | null => {
    if (staged < REBUILD_INDEX_MIN_ROWS) return null;
    if ((storedUpTo.get(staged + 1) as { n: number }).n > staged) return null;
    return (indexSql.get(REBUILT_INDEX) as { sql: string } | undefined)?.sql ?? null;
  };

  return {
    move(sharedValues, storeRepeats) {
      const staged = (stagedCount.get() as { n: number }).n;
      const { cache_size: cacheKib } = db.prepare('PRAGMA cache_size').get() as { cache_size: number };
      db.pragma(`cache_size = -${MOVE_CACHE_KIB}`);
      db.pragma(`threads = ${MOVE_SORTER_THREADS}`);
      try {
        const rebuild = rebuiltIndex(staged);
        if (rebuild) db.exec(`DROP INDEX main.${REBUILT_INDEX}`);
        const moved = moveRows.run(sharedValues).changes;
        if (rebuild) db.exec(rebuild);
        if (moved < staged) storeRepeats((repeatedRows.all() as unknown[][]).flat());
        clear.run();
      } finally {
        // Back to the connection's own size: SQLite frees the pages above it.
        db.pragma(`cache_size = ${cacheKib}`);
        db.pragma('threads = 0');
      }
    },
  };
}
