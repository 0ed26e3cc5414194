import { Worker } from 'node:worker_threads';
import type { ExtractionSummary, ExtractProgress, RowBatch } from '@aec/ifc';
import type { RunnerMessage, WorkerInput, WorkerMessage } from './protocol';

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

export interface RunWorkerOptions {
  workerPath: string;
  input: WorkerInput;
  maxOldGenerationSizeMb: number;
  signal: AbortSignal;
  onProgress: (progress: ExtractProgress) => void;
  /** Awaited before the worker may produce the next batch. */
  onBatch: (batch: RowBatch) => Promise<void>;
}

/**
 * Runs one extraction in a fresh worker thread and resolves with its summary. Aborting the signal terminates the
 * worker at once and rejects with the signal's reason.
 */
export function runExtractionWorker(options: RunWorkerOptions): Promise<ExtractionSummary> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason);
    const worker = new Worker(options.workerPath, {
      workerData: options.input,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(options.signal.reason));
    options.signal.addEventListener('abort', onAbort);

    // Batches are stored strictly in order; `done` resolves only after the last one is stored.
    let stored: Promise<void> = Promise.resolve();
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      switch (message.type) {
        case 'progress':
          options.onProgress(message.progress);
          break;
        case 'batch':
          stored = stored
            .then(() => (settled ? undefined : options.onBatch(message.batch)))
            .then(() => {
              if (!settled) worker.postMessage({ type: 'ack' } satisfies RunnerMessage);
            });
          stored.catch((err: unknown) => finish(() => reject(err)));
          break;
        case 'done':
          stored.then(
            () => finish(() => resolve(message.summary)),
            () => undefined,
          );
          break;
        case 'error':
          finish(() => reject(new ExtractionFailure(message.code, message.message)));
          break;
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() =>
        reject(
          new ExtractionFailure(
            outOfMemory ? 'OUT_OF_MEMORY' : 'WORKER_CRASHED',
            outOfMemory
              ? 'The model needs more memory than the processing limit allows.'
              : `Processing crashed: ${err.message}`,
          ),
        ),
      );
    });
    worker.on('exit', (code) => {
      finish(() =>
        reject(
          new ExtractionFailure('WORKER_EXITED', `Processing stopped unexpectedly (exit code ${code}).`),
        ),
      );
    });
  });
}
