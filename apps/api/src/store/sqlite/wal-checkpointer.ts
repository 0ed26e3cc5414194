import { Worker } from 'node:worker_threads';
import type { SqliteDb } from './database';

/**
 * The WAL checkpoints of a SQLite store, run by a thread of their own instead of by whichever connection commits.
 *
 * SQLite checkpoints by default inside the commit that leaves the WAL over 1,000 pages: the committing thread copies
 * the WAL's pages into the database file and syncs both. On the row writer, the thread that paces a job, that was
 * about a third of its kernel time (the 100 MB bench model: 436 MB read back from the WAL and 351 MB written to the
 * database file, besides the 353 MB of WAL it wrote), and after the element move's one large transaction the whole
 * move was copied before the job could publish. On the API thread the same copy blocked the event loop.
 *
 * With a checkpointer, every connection of the store opens with `wal_autocheckpoint = 0` and reports its commits on a
 * shared counter (`walCommitNotifier`); the thread wakes on each report and runs a PASSIVE checkpoint (it never waits for
 * readers or writers, and a writer never waits for it), at most every CHECKPOINT_INTERVAL_MS while commits keep
 * coming. The WAL stays about as small as before: the thread copies what a few batches wrote, where SQLite's default
 * copied 4 MB at a time. Measured on the 100 MB bench model (upload → ready, alternating runs): 14.5 → 12.3 s.
 */
export interface WalCheckpointer {
  /** Shared with every connection that writes (row-writer threads too): see `noteCommit`. */
  readonly commits: Int32Array;
  /** Stops the thread after its last checkpoint; resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * commits[COMMITS]: bumped after each commit. commits[STOP]: set once the checkpointer is gone (closed, or its thread
 * ended): a connection that sees it checkpoints for itself again, as SQLite does by default.
 */
export const COMMITS = 0;
export const STOP = 1;

/** What the checkpointer thread is given. */
export interface CheckpointerInput {
  file: string;
  commits: Int32Array;
  intervalMs: number;
}

/**
 * How often at most the thread checkpoints while commits keep coming. Each checkpoint syncs the WAL and the database
 * file, and copies every page written since the last one (a page written again meanwhile is copied once).
 */
export const CHECKPOINT_INTERVAL_MS = 25;

/** SQLite's own threshold (pages), which a connection goes back to once the checkpointer is gone. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * What a connection of a store with a checkpointer runs after each commit (createWrite's `afterCommit`): tells the
 * thread, or, once the checkpointer is gone, turns the connection's own automatic checkpoints back on. The
 * connection must have been opened with `wal_autocheckpoint = 0` (openSqlite's `walCommits`).
 */
export function walCommitNotifier(db: SqliteDb, commits: Int32Array): () => void {
  let onItsOwn = false;
  return () => {
    if (onItsOwn) return;
    if (Atomics.load(commits, STOP) !== 0) {
      onItsOwn = true;
      if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      return;
    }
    Atomics.add(commits, COMMITS, 1);
    Atomics.notify(commits, COMMITS);
  };
}

/**
 * Starts the checkpointer thread (`threadPath`: the bundled wal-checkpointer-thread.js) for the database `file`.
 * `onExit` hears of a thread that ended before `close()`: the store's WAL would then only grow.
 */
export function startWalCheckpointer(
  file: string,
  threadPath: string,
  onExit: (error: Error) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  const commits = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const thread = new Worker(threadPath, {
    workerData: { file, commits, intervalMs } satisfies CheckpointerInput,
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  // It blocks in Atomics.wait between commits: never a reason to keep the process alive.
  thread.unref();
  let closing = false;
  let failure: Error | null = null;
  thread.on('error', (err) => (failure = err));
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', (code) => {
      Atomics.store(commits, STOP, 1);
      if (!closing) onExit(failure ?? new Error(`the WAL checkpointer exited with code ${code}`));
      resolve();
    }),
  );
  return {
    commits,
    async close() {
      closing = true;
      // Awaited, its exit must keep the process alive: unreferenced, a process with nothing else left to do (a
      // failed start closing its store) ended with code 0 before the thread had gone.
      thread.ref();
      Atomics.store(commits, STOP, 1);
      Atomics.notify(commits, COMMITS);
      await exited;
    },
  };
}
