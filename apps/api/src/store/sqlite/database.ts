import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';

export type SqliteDb = InstanceType<typeof Database>;

export interface OpenSqliteOptions {
  /** How long a write waits for another connection's write lock before failing (default 15 s). */
  busyTimeoutMs?: number;
}

/** Opens (creating if needed) the embedded database in WAL mode and brings its schema up to date. */
export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Row-writer threads hold the write lock one batch at a time; other writers wait rather than fail.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 15_000))}`);
  migrate(db);
  return db;
}
