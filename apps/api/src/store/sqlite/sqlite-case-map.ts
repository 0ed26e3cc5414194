import { unicodeCaseRows } from '@aec/odata';
import type { SqliteDb } from './database';

/** SqlCompileOptions.caseMapTable of the feed reader's connection. */
export const CASE_MAP_TABLE = 'temp.aec_case_map';

/**
 * SQLite's lower()/upper() map ASCII only, and libsql cannot register a JavaScript function (its
 * Database.function() throws "not implemented"), so tolower/toupper read JavaScript's own mappings from a table.
 * It is a TEMP table of the connection that compiles feed queries (the row-writer thread compiles none): built in
 * memory at open (about 3,000 rows, a few milliseconds), never written to the database file or shared.
 */
export function installCaseMap(db: SqliteDb): string {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS aec_case_map (ch TEXT PRIMARY KEY, lower TEXT NOT NULL, upper TEXT NOT NULL)
           WITHOUT ROWID`);
  const insert = db.prepare('INSERT OR REPLACE INTO temp.aec_case_map (ch, lower, upper) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const [ch, lower, upper] of unicodeCaseRows()) insert.run(ch, lower, upper);
  })();
  return CASE_MAP_TABLE;
}
