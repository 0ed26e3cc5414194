import { MessageChannel, Worker } from 'node:worker_threads';
import type { ExtractionSummary, ExtractProgress, RowBatch } from '@aec/ifc';
import type {
  RunnerMessage,
  StartMessage,
  StoredCounts,
  WorkerInput,
  WorkerMessage,
  WriterControl,
  WriterInput,
  WriterMessage,
} from './protocol';
import type { JobTimeline } from '../jobs/job-timeline';
import type { SpareWorker } from './spare-worker';
import { extractionResourceLimits } from './extraction-heap';
import { ROWS_STORAGE_FULL_MESSAGE, isDiskFull } from '../disk-full';

/** Extraction failed for a reason worth showing the user (bad model, worker crash, out of memory). */
export class ExtractionFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionFailure';
  }
}

/** A SQLite file the rows can be written to from a thread of their own. */
export interface ThreadWriterTarget extends Omit<WriterInput, 'batchPort'> {
  writerPath: string;
}

export interface RunWorkerOptions {
  workerPath: string;
  input: Omit<WorkerInput, 'batchPort'>;
  maxOldGenerationSizeMb: number;
  signal: AbortSignal;
  onProgress: (progress: ExtractProgress) => void;
  /** Stores one batch on the API thread (when there is no thread writer); awaited before the next. */
  onBatch: (batch: RowBatch) => Promise<void>;
  /** Store rows from a writer thread instead of the API thread. */
  threadWriter?: ThreadWriterTarget;
  /** Where the extraction worker comes from: a spare started ahead (same path and limits), else a new one. */
  spare?: SpareWorker;
  /** Receives the run's milestones (first time each is reached) for the job's timeline. */
  timeline?: Pick<JobTimeline, 'mark' | 'detail'>;
}

export interface ExtractionRun {
  /** The summary, once every row is stored. Aborting the signal terminates the threads and rejects. */
  done: Promise<{ summary: ExtractionSummary; stored: StoredCounts }>;
  /**
   * With a writer thread, after `done` and `startAfterwards()`: the thread goes on building the wide element set.
   * Resolves when it has ended, with the reason when the build did not complete (null when it did).
   */
  afterwards?: Promise<string | null>;
  /** After `done`, once the version is published: lets the writer thread start its work after publishing. */
  startAfterwards(): void;
  /** Asks the writer thread to stop the work it does after `done` (publish failed, or shutdown). */
  stopAfterwards(): void;
  /** Holds a thread writer still (the extraction stops once its window is full). */
  pause(): void;
  resume(): void;
}

/** A store error (or its code) saying the disk is full, in words the user can act on; null for any other error. */
function diskFullFailure(errorOrCode: unknown): ExtractionFailure | null {
  return isDiskFull(errorOrCode) ? new ExtractionFailure('STORAGE_FULL', ROWS_STORAGE_FULL_MESSAGE) : null;
}

function workerFailure(err: Error & { code?: string }): ExtractionFailure {
  return err.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new ExtractionFailure('OUT_OF_MEMORY', 'The model needs more memory than the processing limit allows.')
    : new ExtractionFailure('WORKER_CRASHED', `Processing crashed: ${err.message}`);
}

/** How long a row writer may take to finish its current batch and close its connection before it is terminated. */
const WRITER_STOP_GRACE_MS = 10_000;

/**
 * Asks a row writer to stop (it finishes or rolls back the batch in hand and closes its connection) and waits for it
 * to exit; only a writer that does not exit within the grace period is terminated.
 */
async function stopWriter(writer: Worker, exited: Promise<void> | undefined): Promise<void> {
  writer.postMessage({ type: 'stop' } satisfies WriterControl);
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), WRITER_STOP_GRACE_MS)),
  );
  const result = await Promise.race([exited, gaveUp]);
  clearTimeout(timer);
  if (result === 'timeout') await writer.terminate();
}

/**
 * Runs one extraction in a fresh worker thread. Rows are stored either by `onBatch` on this thread, or by a fresh
 * row-writer thread fed directly by the extraction worker, so the API's event loop never runs a bulk insert.
 */
/**
 * The row writer's heap limit. It holds one batch at a time and SQLite's memory is outside the heap, but without a
 * limit V8 lets a thread's heap grow to a few times what is alive before collecting, and the batches it receives are
 * all garbage after their insert: on a 2.5 GB model that was hundreds of MB of the process's RSS.
 */
const WRITER_MAX_OLD_MB = 512;

export function runExtractionWorker(options: RunWorkerOptions): ExtractionRun {
  const threads: Worker[] = [];
  let writer: Worker | undefined;
  let writerExited: Promise<void> | undefined;
  let afterwardsFailure: string | null = null;
  const done = new Promise<{ summary: ExtractionSummary; stored: StoredCounts }>((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason);
    let channel: MessageChannel | undefined;
    if (options.threadWriter) {
      channel = new MessageChannel();
      const { writerPath, ...target } = options.threadWriter;
      writer = new Worker(writerPath, {
        workerData: { ...target, batchPort: channel.port2 } satisfies WriterInput,
        transferList: [channel.port2],
        resourceLimits: { maxOldGenerationSizeMb: WRITER_MAX_OLD_MB },
      });
      threads.push(writer);
      const exiting = writer;
      writerExited = new Promise((resolve) => exiting.once('exit', () => resolve()));
    }
    const input: WorkerInput = { ...options.input, ...(channel ? { batchPort: channel.port1 } : {}) };
    const transferList = channel ? [channel.port1] : [];
    let worker: Worker;
    if (options.spare) {
      worker = options.spare.take();
      worker.postMessage({ type: 'start', input } satisfies StartMessage, transferList);
    } else {
      worker = new Worker(options.workerPath, {
        workerData: input,
        transferList,
        resourceLimits: extractionResourceLimits(options.maxOldGenerationSizeMb),
        stdout: false,
        stderr: false,
      });
    }
    threads.push(worker);

    let settled = false;
    let summary: ExtractionSummary | undefined;
    let stored: StoredCounts | undefined;
    const counted: StoredCounts = { elements: 0, properties: 0, spatial: 0 };
    // The run settles only once every thread has ended, so whatever the caller does next (publish, or delete the
    // version's rows) never races a write still in flight.
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      // After a successful drain the writer is building the wide set: it is left to finish (see `afterwards`).
      void Promise.all([worker.terminate(), writer && !stored && stopWriter(writer, writerExited)]).then(
        outcome,
        outcome,
      );
    };
    const maybeDone = () => {
      if (summary && stored) {
        const result = { summary, stored };
        finish(() => resolve(result));
      }
    };
    const onAbort = () => finish(() => reject(options.signal.reason));
    options.signal.addEventListener('abort', onAbort);

    // Without a writer thread, batches are stored here strictly in order, and done waits for the last one.
    let storing: Promise<void> = Promise.resolve();
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      switch (message.type) {
        case 'progress':
          options.timeline?.mark(
            message.progress.phase === 'parse' && message.progress.done !== undefined
              ? 'parsed'
              : message.progress.phase,
          );
          options.onProgress(message.progress);
          break;
        case 'batch':
          options.timeline?.mark('first-batch');
          storing = storing
            .then(() => (settled ? undefined : options.onBatch(message.batch)))
            .then(() => {
              counted.elements += message.batch.elements?.length ?? 0;
              counted.properties += message.batch.properties?.length ?? 0;
              counted.spatial += message.batch.spatial?.length ?? 0;
              if (!settled) worker.postMessage({ type: 'ack' } satisfies RunnerMessage);
            });
          storing.catch((err: unknown) => finish(() => reject(diskFullFailure(err) ?? err)));
          break;
        case 'done':
          options.timeline?.mark('extracted');
          options.timeline?.detail({ extractionMs: message.summary.durationMs, waitedMs: message.waitedMs });
          summary = message.summary;
          if (writer) {
            // Its last batch and `end` are already in the row writer's port: the worker's memory (a multi-GB
            // model's heap, block cache and indexes) goes back now rather than after the writer's move.
            void worker.terminate();
            maybeDone();
          } else
            storing.then(
              () => (options.timeline?.mark('drained'), (stored = counted), maybeDone()),
              () => undefined,
            );
          break;
        case 'error':
          finish(() => reject(new ExtractionFailure(message.code, message.message)));
          break;
      }
    });
    writer?.on('message', (message: WriterMessage) => {
      if (message.type === 'drained') {
        const { stats } = message;
        options.timeline?.mark('first-batch', stats.firstBatchAt);
        options.timeline?.mark('last-batch-stored', stats.lastBatchAt);
        options.timeline?.mark('drained');
        options.timeline?.detail({
          batches: stats.batches,
          elementMs: stats.elementMs,
          propertyMs: stats.propertyMs,
          spatialMs: stats.spatialMs,
          moveMs: stats.moveMs,
        });
        stored = message.stored;
        maybeDone();
      } else if (message.type === 'wide-failed') afterwardsFailure = message.message;
      else
        finish(() =>
          reject(
            diskFullFailure(message.code) ??
              new ExtractionFailure('STORE_FAILED', `Storing the rows failed: ${message.message}`),
          ),
        );
    });
    const exitedEarly = (code: number) =>
      finish(() =>
        reject(
          new ExtractionFailure('WORKER_EXITED', `Processing stopped unexpectedly (exit code ${code}).`),
        ),
      );
    for (const t of threads) {
      t.on('error', (err: Error & { code?: string }) => finish(() => reject(workerFailure(err))));
    }
    // Once it has reported `done`, its exit is the terminate above (or after the run), not a crash.
    worker.on('exit', (code) => {
      options.timeline?.mark('extraction-exited');
      if (!summary) exitedEarly(code);
    });
    // The writer exits by itself once it has reported: drained (all rows stored) or an error.
    writer?.on('exit', (code) => (stored ? undefined : exitedEarly(code)));
  });
  const control = (message: WriterControl) => writer?.postMessage(message);
  return {
    done,
    ...(writerExited ? { afterwards: writerExited.then(() => afterwardsFailure) } : {}),
    startAfterwards: () => control({ type: 'continue' }),
    stopAfterwards: () => control({ type: 'stop' }),
    pause: () => control({ type: 'pause' }),
    resume: () => control({ type: 'resume' }),
  };
}
