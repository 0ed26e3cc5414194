import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../../store/sqlite/database';
import {
  createSqliteRowInserter,
  createSqliteRowRepository,
} from '../../../store/sqlite/sqlite-row-repository';
import { createWrite } from '../../../store/sqlite/write-transaction';
import { walCommitNotifier } from '../../../store/sqlite/wal-checkpointer';
import { yieldToForeground } from '../../../store/sqlite/write-turns';
import { createSqliteWideElements } from '../../../store/sqlite/sqlite-wide-elements';
import { createVersionRowRemoval } from '../../../store/sqlite/sqlite-version-rows';
import { createSqliteVersionBook } from '../../../store/sqlite/sqlite-version-book';
import { errorCode } from '../disk-full';
import { failureReason } from '../jobs/post-publish-state';
import type {
  BatchPortMessage,
  RunnerMessage,
  StoredCounts,
  WriterControl,
  WriterInput,
  WriterMessage,
  WriterStats,
} from './protocol';

/**
 * Stores an extraction's rows from its own thread and SQLite connection, so the API's event loop never waits on
 * a bulk insert while the extraction worker keeps the other core busy. Batches are written in arrival order; each
 * is acknowledged to the extraction worker once stored. Paused, it stops writing, which stops the extraction.
 *
 * The thread always ends by closing its connection itself (after the last batch, on an error, or when told to
 * stop) and then exits on its own: the runner never has to terminate it while SQLite holds a transaction open.
 */
const control = parentPort;
if (!control) throw new Error('row-writer must run as a worker thread');
const input = workerData as WriterInput;
const report = (message: WriterMessage) => control.postMessage(message);

// With the store's WAL checkpointer, this connection leaves checkpoints to its thread (wal-checkpointer.ts).
const db = openSqlite(input.sqliteFile, input.walCommits ? { walCommits: input.walCommits } : {});
const { walCommits, writeTurns } = input;
const write = createWrite(db, {
  ...(writeTurns ? { beforeBegin: () => yieldToForeground(writeTurns) } : {}),
  ...(walCommits ? { afterCommit: walCommitNotifier(db, walCommits) } : {}),
});
const wide = createSqliteWideElements(db, write);
const removeRows = createVersionRowRemoval(db, write, wide);
const book = createSqliteVersionBook(db, write, removeRows);
// Element rows are staged on this connection and moved in key order after the last batch (sqlite-staged-elements).
const inserter = createSqliteRowInserter(db, write, book.contextFor, { stageElements: true });
const rows = createSqliteRowRepository(db, write, wide, removeRows, book.contextFor);
const stored: StoredCounts = { elements: 0, properties: 0, spatial: 0 };
const stats: WriterStats = {
  firstBatchAt: 0,
  lastBatchAt: 0,
  batches: 0,
  elementMs: 0,
  propertyMs: 0,
  spatialMs: 0,
  moveMs: 0,
};
const queue: BatchPortMessage[] = [];
let paused = false;
let busy = false;
let closed = false;
/** Set once every row is stored: the thread then waits for `continue` (the version is published) or `stop`. */
let drained = false;

/**
 * Closes the connection, then sends the last word (messages posted before the thread exits still arrive) and lets
 * go of both ports: with nothing left keeping it alive, the thread exits.
 */
function shutDown(last?: WriterMessage): void {
  if (closed) return;
  closed = true;
  queue.length = 0;
  try {
    db.close();
  } finally {
    if (last) report(last);
    input.batchPort.close();
    control!.unref();
  }
}

let stopRequested = false;

/** Stores one batch and records where the time went (batches carry one row kind each, except the last). */
function store(message: BatchPortMessage & { type: 'rows' }): void {
  const started = Date.now();
  if (!stats.firstBatchAt) stats.firstBatchAt = started;
  const counts = inserter.insertFlat(input.projectId, input.version, message.rows, input.rowContext);
  stats.lastBatchAt = Date.now();
  stats.batches++;
  const ms = stats.lastBatchAt - started;
  if (counts.elements && counts.elements >= counts.properties) stats.elementMs += ms;
  else if (counts.properties) stats.propertyMs += ms;
  else stats.spatialMs += ms;
  stored.elements += counts.elements;
  stored.properties += counts.properties;
  stored.spatial += counts.spatial;
}

function drain(): void {
  if (busy || closed) return;
  busy = true;
  try {
    while (!paused && !stopRequested && !drained && queue.length) {
      const message = queue.shift()!;
      if (message.type === 'end') {
        const started = Date.now();
        inserter.moveStagedElements(input.projectId, input.version, input.rowContext);
        stats.moveMs = Date.now() - started;
        drained = true;
        report({ type: 'drained', stored, stats });
        break;
      }
      store(message);
      input.batchPort.postMessage({ type: 'ack' } satisfies RunnerMessage);
    }
  } catch (err) {
    const code = errorCode(err);
    shutDown({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      ...(code ? { code } : {}),
    });
  } finally {
    busy = false;
  }
  if (stopRequested) shutDown();
}

/**
 * Once the version is published, the wide element set is built from the stored rows while the project is already
 * served (it appears in the project's $metadata once built); `stop` cancels it between transactions.
 */
async function buildAfterPublish(): Promise<void> {
  busy = true;
  try {
    await rows.buildWideElements(input.projectId, input.version, { isCancelled: () => stopRequested });
    shutDown();
  } catch (err) {
    shutDown({ type: 'wide-failed', message: failureReason(err) });
  } finally {
    busy = false;
  }
}

input.batchPort.on('message', (message: BatchPortMessage) => {
  if (closed) return;
  queue.push(message);
  drain();
});
control.on('message', (message: WriterControl) => {
  if (closed) return;
  if (message.type === 'stop') {
    stopRequested = true;
    if (!busy) shutDown();
    return;
  }
  if (message.type === 'continue') {
    if (drained && !busy) void buildAfterPublish();
    return;
  }
  paused = message.type === 'pause';
  if (!paused) drain();
});
