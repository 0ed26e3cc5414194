import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';

export type SqliteDb = InstanceType<typeof Database>;

/**
 * What the WAL file is cut back to once a checkpoint lets SQLite start it over (its default keeps the file at its
 * largest): a job's element move writes all its rows in one transaction, and after the 100 MB bench model's job the
 * file stayed at 112–167 MB for good (measured; the 2.5 GB model moves 24 times as many rows).
 *
 * The WAL is checkpointed by the store's checkpointer thread (wal-checkpointer.ts) a few batches at a time, or, on a
 * connection without one, at SQLite's default, 1,000 pages (4 MB). Every 64 MB made the 100 MB model's upload → ready
 * 9.95 → 9.16 s (docs/performance-log.md) but needs as much free disk to checkpoint: on a nearly full disk the
 * failed job's clean-up could then not write, and the job ended with an internal error instead of its clear reason.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export interface OpenSqliteOptions {
  /** How long a write waits for another connection's write lock before failing (default 15 s). */
  busyTimeoutMs?: number;
  /**
   * The store's WAL checkpointer (wal-checkpointer.ts): the connection leaves checkpoints to it
   * (`wal_autocheckpoint = 0`) and reports its commits through `walCommitNotifier`.
   */
  walCommits?: Int32Array;
}

/** Opens (creating if needed) the embedded database in WAL mode and brings its schema up to date. */
export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  if (options.walCommits) db.pragma('wal_autocheckpoint = 0');
  db.pragma('foreign_keys = ON');
  // Row-writer threads hold the write lock one batch at a time; other writers wait rather than fail.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 15_000))}`);
  migrate(db);
  return db;
}
