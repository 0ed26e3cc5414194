import { Worker } from 'node:worker_threads';
import { ARRIVAL_FAILED, ARRIVAL_STATE, newArrival } from '@aec/ifc';
import { extractionResourceLimits } from './extraction-heap';
import type { ReadArrivingMessage } from './protocol';

/**
 * At most one extraction worker started ahead of its job, when an upload begins: starting a thread and loading its
 * modules then overlaps the upload instead of delaying the job (web-ifc's own ~0.2 s of JavaScript is loaded on first
 * use, by a job that extracts with it). A spare waits for its input in a
 * `start` message and serves one job only, like any worker (see ifc-worker.ts). Unreferenced while it waits, it
 * never keeps the process alive; a spare that failed or exited while waiting is dropped, and take() starts afresh.
 * While it waits it may read an upload as it arrives (readArriving), for the job that upload becomes.
 */
export class SpareWorker {
  private spare: Worker | null = null;
  /** The arrival of the upload the waiting spare reads (readArriving), until the spare is taken. */
  private arrival: Int32Array | null = null;

  constructor(
    private readonly workerPath: string,
    private readonly maxOldGenerationSizeMb: number,
  ) {}

  /** Starts a spare unless one is waiting. */
  warm(): void {
    if (this.spare) return;
    const worker = this.spawn();
    const drop = () => {
      if (this.spare !== worker) return;
      this.spare = null;
      this.arrival = null;
    };
    // Until taken, its failures are only a reason to drop it: the job that would have used it starts a fresh one.
    worker.on('error', drop);
    worker.once('exit', drop);
    worker.unref();
    this.spare = worker;
  }

  /**
   * Has the spare read the upload arriving at `path` (ReadArrivingMessage) and answers the arrival to report its
   * writes and its end into; null when the spare already reads an upload that has not failed (one at a time). Taken
   * by a job whose file is that upload, the spare then builds its rows from what it read.
   */
  readArriving(path: string): Int32Array | null {
    if (this.arrival && Atomics.load(this.arrival, ARRIVAL_STATE) !== ARRIVAL_FAILED) return null;
    this.warm();
    const arrival = newArrival();
    this.spare!.postMessage({ type: 'read-arriving', path, arrival } satisfies ReadArrivingMessage);
    this.arrival = arrival;
    return arrival;
  }

  /** The waiting spare, else a new worker; either waits for its `start` message. */
  take(): Worker {
    const worker = this.spare ?? this.spawn();
    this.spare = null;
    this.arrival = null;
    worker.ref();
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.spare;
    this.spare = null;
    this.arrival = null;
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
