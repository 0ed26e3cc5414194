import { Worker } from 'node:worker_threads';
import { ARRIVAL_FAILED, ARRIVAL_STATE, newArrival } from '@aec/ifc';
import { extractionResourceLimits } from './extraction-heap';
import type { ReadArrivingMessage, RehearsalReport, RehearseMessage, WorkerMessage } from './protocol';

/**
 * At most one extraction worker started ahead of its job, when an upload begins: starting a thread and loading its
 * modules then overlaps the upload instead of delaying the job (web-ifc's own ~0.2 s of JavaScript is loaded on first
 * use, by a job that extracts with it). A spare waits for its input in a
 * `start` message and serves one job only, like any worker (see ifc-worker.ts). Unreferenced while it waits, it
 * never keeps the process alive; a spare that failed or exited while waiting is dropped, and take() starts afresh.
 * While it waits it may read an upload as it arrives (readArriving), for the job that upload becomes, or, started
 * while the server has no job, rehearse (warm's `rehearse`).
 */
export class SpareWorker {
  private spare: Worker | null = null;
  /** The arrival of the upload the waiting spare reads (readArriving), until the spare is taken. */
  private arrival: Int32Array | null = null;
  /** Resolves once the waiting spare's rehearsal has ended (null: it was not told to rehearse). */
  private rehearsal: Promise<void> | null = null;

  constructor(
    private readonly workerPath: string,
    private readonly maxOldGenerationSizeMb: number,
    /** Hears how a spare's rehearsal went (the job processor logs it). */
    private readonly onRehearsed: (report: RehearsalReport) => void = () => undefined,
  ) {}

  /**
   * Starts a spare unless one is waiting. `rehearseIn`: the new spare extracts a small generated model, written in
   * that directory, until its job or an upload comes (spare-rehearsal.ts), for when nothing else runs; a spare that
   * is waiting already is left as it is.
   */
  warm({ rehearseIn }: { rehearseIn?: string } = {}): void {
    if (this.spare) return;
    const worker = this.spawn();
    if (rehearseIn) {
      this.rehearsal = new Promise<void>((resolve) => {
        const heard = (message: WorkerMessage) => {
          if (message.type !== 'rehearsed') return;
          worker.off('message', heard);
          this.onRehearsed(message);
          resolve();
        };
        worker.on('message', heard);
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'rehearse', dir: rehearseIn } satisfies RehearseMessage);
    }
    const drop = () => {
      if (this.spare !== worker) return;
      this.spare = null;
      this.arrival = null;
      this.rehearsal = null;
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
    this.rehearsal = null;
    worker.ref();
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.spare;
    const rehearsal = this.rehearsal;
    this.spare = null;
    this.arrival = null;
    this.rehearsal = null;
    if (!worker) return;
    if (rehearsal) {
      // stopped rather than cut off: it removes its temporary model file as it stops (2 s at most)
      worker.postMessage({ type: 'stop-rehearsal' } satisfies RehearseMessage);
      await Promise.race([rehearsal, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    await worker.terminate();
  }

  private spawn(): Worker {
    return new Worker(this.workerPath, {
      resourceLimits: extractionResourceLimits(this.maxOldGenerationSizeMb),
      stdout: false,
      stderr: false,
    });
  }
}
