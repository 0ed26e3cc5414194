import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';

export type SqliteDb = InstanceType<typeof Database>;

/** Opens (creating if needed) the embedded database in WAL mode and brings its schema up to date. */
export function openSqlite(file: string): SqliteDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The row-writer thread holds the write lock one batch at a time; other writers wait rather than fail.
  db.pragma('busy_timeout = 15000');
  migrate(db);
  return db;
}
