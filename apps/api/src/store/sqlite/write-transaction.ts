import type { SqliteDb } from './database';

/** Runs `work` as one write transaction and returns its result. */
export type SqliteWrite = <T>(work: () => T) => T;

/**
 * Every write on a connection goes through here, as `BEGIN IMMEDIATE … COMMIT`.
 *
 * Why not plain statements or libsql's `db.transaction()` (deferred): libsql does not reset a statement that failed
 * with SQLITE_BUSY, and such a statement keeps the connection's read snapshot open until it is garbage-collected;
 * every later write on that connection then fails at once with SQLITE_BUSY_SNAPSHOT. A deferred transaction that
 * reads before it writes also gets SQLITE_BUSY at once, without waiting, when another connection writes meanwhile.
 * Taking the write lock up front with `exec` (which always finalises its statement) means the only place that can
 * wait or time out is BEGIN, and a timeout there leaves the connection clean. Nested calls join the open transaction.
 * `hooks` run around each transaction begun (not around nested calls).
 */
/** What a connection's writes run around each transaction they begin (see createWrite). */
export interface WriteHooks {
  /** Before BEGIN: the API thread announces its turn (write-turns.ts), a background writer yields to it. */
  beforeBegin?: () => void;
  /** Once the transaction has ended, committed or not. */
  afterEnd?: () => void;
  /** After each commit: the WAL checkpointer's notifier. */
  afterCommit?: () => void;
}

export function createWrite(db: SqliteDb, hooks: WriteHooks = {}): SqliteWrite {
  return <T>(work: () => T): T => {
    // libsql aborts the process when `inTransaction` is read on a closed connection: refuse the write instead.
    if (!db.open) throw new Error('The database connection is not open');
    if (db.inTransaction) return work();
    hooks.beforeBegin?.();
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = work();
        db.exec('COMMIT');
        hooks.afterCommit?.();
        return result;
      } catch (err) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      hooks.afterEnd?.();
    }
  };
}
