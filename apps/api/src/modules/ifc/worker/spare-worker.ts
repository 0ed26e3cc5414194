import { Worker } from 'node:worker_threads';
import { extractionResourceLimits } from './extraction-heap';

/**
 * At most one extraction worker started ahead of its job, when an upload begins: starting a thread and loading its
 * modules then overlaps the upload instead of delaying the job (web-ifc's own ~0.2 s of JavaScript is loaded on first
 * use, by a job that extracts with it). A spare waits for its input in a
 * `start` message and serves one job only, like any worker (see ifc-worker.ts). Unreferenced while it waits, it
 * never keeps the process alive; a spare that failed or exited while waiting is dropped, and take() starts afresh.
 */
export class SpareWorker {
  private spare: Worker | null = null;

  constructor(
    private readonly workerPath: string,
    private readonly maxOldGenerationSizeMb: number,
  ) {}

  /** Starts a spare unless one is waiting. */
  warm(): void {
    if (this.spare) return;
    const worker = this.spawn();
    const drop = () => {
      if (this.spare === worker) this.spare = null;
    };
    // Until taken, its failures are only a reason to drop it: the job that would have used it starts a fresh one.
    worker.on('error', drop);
    worker.once('exit', drop);
    worker.unref();
    this.spare = worker;
  }

  /** The waiting spare, else a new worker; either waits for its `start` message. */
  take(): Worker {
    const worker = this.spare ?? this.spawn();
    this.spare = null;
    worker.ref();
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.spare;
    this.spare = null;
    if (worker) await worker.terminate();
  }

  private spawn(): Worker {
    return new Worker(this.workerPath, {
      resourceLimits: extractionResourceLimits(this.maxOldGenerationSizeMb),
      stdout: false,
      stderr: false,
    });
  }
}
