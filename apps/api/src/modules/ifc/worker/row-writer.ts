import { parentPort, workerData } from 'node:worker_threads';
import type { RowBatch } from '@aec/ifc';
import { openSqlite } from '../../../store/sqlite/database';
import { createSqliteRowRepository } from '../../../store/sqlite/sqlite-row-repository';
import { createWrite } from '../../../store/sqlite/write-transaction';
import { createSqliteWideElements } from '../../../store/sqlite/sqlite-wide-elements';
import type {
  BatchPortMessage,
  RunnerMessage,
  StoredCounts,
  WriterControl,
  WriterInput,
  WriterMessage,
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

const db = openSqlite(input.sqliteFile);
const write = createWrite(db);
const rows = createSqliteRowRepository(db, write, createSqliteWideElements(db, write));
const stored: StoredCounts = { elements: 0, properties: 0, spatial: 0 };
const queue: BatchPortMessage[] = [];
let paused = false;
let busy = false;
let closed = false;

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

async function drain(): Promise<void> {
  if (busy || closed) return;
  busy = true;
  try {
    while (!paused && !stopRequested && queue.length) {
      const message = queue.shift()!;
      if (message.type === 'end') {
        // Every row is stored: the job may publish. The wide element set is built from the stored rows next, while
        // the project is already served (it appears in the project's $metadata once built); `stop` cancels it.
        report({ type: 'drained', stored });
        try {
          await rows.buildWideElements(input.projectId, input.version, { isCancelled: () => stopRequested });
          shutDown();
        } catch (err) {
          shutDown({ type: 'wide-failed', message: err instanceof Error ? err.message : String(err) });
        }
        return;
      }
      const batch: RowBatch = message.batch;
      await rows.insertBatch(input.projectId, input.version, batch);
      stored.elements += batch.elements?.length ?? 0;
      stored.properties += batch.properties?.length ?? 0;
      stored.spatial += batch.spatial?.length ?? 0;
      input.batchPort.postMessage({ type: 'ack' } satisfies RunnerMessage);
    }
  } catch (err) {
    shutDown({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    busy = false;
  }
  if (stopRequested) shutDown();
}

input.batchPort.on('message', (message: BatchPortMessage) => {
  if (closed) return;
  queue.push(message);
  void drain();
});
control.on('message', (message: WriterControl) => {
  if (message.type === 'stop') {
    stopRequested = true;
    if (!busy) shutDown();
    return;
  }
  paused = message.type === 'pause';
  if (!paused) void drain();
});
