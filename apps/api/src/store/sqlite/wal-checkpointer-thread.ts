import { workerData } from 'node:worker_threads';
import Database from 'libsql';
import { COMMITS, STOP, type CheckpointerInput } from './wal-checkpointer';

/**
 * The WAL checkpointer's thread (see wal-checkpointer.ts): waits for a commit, runs a PASSIVE checkpoint, and waits
 * at least the interval before the next, until told to stop. It blocks in Atomics.wait rather than on an event loop:
 * it has nothing else to do. A checkpoint that fails (a full disk) is tried again after the next commit; SQLite's own
 * automatic checkpoints ignore such failures the same way.
 */
const { file, commits, intervalMs } = workerData as CheckpointerInput;
const db = new Database(file);
// A PASSIVE checkpoint never waits for a lock; this covers opening the WAL while another connection recovers it.
db.pragma('busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const pause = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

// The counter starts at 0 (startWalCheckpointer): commits reported while this thread was still starting count as
// unseen, so they are checkpointed now, not only after the next commit (which may never come).
let seen = 0;
while (Atomics.load(commits, STOP) === 0) {
  Atomics.wait(commits, COMMITS, seen);
  if (Atomics.load(commits, STOP) !== 0) break;
  seen = Atomics.load(commits, COMMITS);
  try {
    checkpoint.get();
  } catch {
    // the next commit tries again
  }
  Atomics.wait(pause, 0, 0, intervalMs);
}
db.close();
