import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';

export type SqliteDb = InstanceType<typeof Database>;

/**
 * Pages the WAL may hold before a commit checkpoints it (SQLite's default is 1,000: 4 MB). With synchronous=NORMAL
 * every checkpoint syncs the WAL and then the database file, and the row writer commits one batch at a time: storing
 * the 100 MB bench model's 921,844 property rows from a copy in 1,000-row transactions took 3.2–3.4 s with
 * checkpoints every 4 MB, 2.1 s every 64 MB and 1.7 s with none; the model's upload → ready went from 9.95 to 9.16 s
 * (means of eight alternating runs each, 2026-11-26; docs/performance-log.md). Every connection has the same
 * threshold, so the API's own small commits never find the WAL over theirs and checkpoint, on the event loop, what
 * the row writer wrote.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 16_384;

/**
 * What the WAL file is cut back to once a checkpoint lets SQLite start it over (its default keeps the file at its
 * largest): a job's element move writes all its rows in one transaction, and after the 100 MB bench model's job the
 * file stayed at 112–167 MB for good (measured; the 2.5 GB model moves 24 times as many rows). 64 MiB, the size the
 * checkpoints above let it reach.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

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
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  db.pragma('foreign_keys = ON');
  // Row-writer threads hold the write lock one batch at a time; other writers wait rather than fail.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 15_000))}`);
  migrate(db);
  return db;
}
