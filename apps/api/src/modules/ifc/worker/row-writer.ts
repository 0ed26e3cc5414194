import { parentPort, workerData } from 'node:worker_threads';
import type { RowBatch } from '@aec/ifc';
import { openSqlite } from '../../../store/sqlite/database';
import { createSqliteRowRepository } from '../../../store/sqlite/sqlite-row-repository';
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
 */
const control = parentPort;
if (!control) throw new Error('row-writer must run as a worker thread');
const input = workerData as WriterInput;
const report = (message: WriterMessage) => control.postMessage(message);

const db = openSqlite(input.sqliteFile);
const rows = createSqliteRowRepository(db);
const stored: StoredCounts = { elements: 0, properties: 0, spatial: 0 };
const queue: BatchPortMessage[] = [];
let paused = false;
let busy = false;

async function drain(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    while (!paused && queue.length) {
      const message = queue.shift()!;
      if (message.type === 'end') {
        report({ type: 'drained', stored });
        continue;
      }
      const batch: RowBatch = message.batch;
      await rows.insertBatch(input.projectId, input.version, batch);
      stored.elements += batch.elements?.length ?? 0;
      stored.properties += batch.properties?.length ?? 0;
      stored.spatial += batch.spatial?.length ?? 0;
      input.batchPort.postMessage({ type: 'ack' } satisfies RunnerMessage);
    }
  } catch (err) {
    report({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    busy = false;
  }
}

input.batchPort.on('message', (message: BatchPortMessage) => {
  queue.push(message);
  void drain();
});
control.on('message', (message: WriterControl) => {
  paused = message.type === 'pause';
  if (!paused) void drain();
});
