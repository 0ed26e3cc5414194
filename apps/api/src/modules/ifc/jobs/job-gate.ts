import { ExtractionFailure } from '../worker/run-extraction-worker';

/**
 * What stops and holds one running job: its abort signal, its pause (a paused job waits at its next row batch, or
 * before publishing once every row is stored) and its processing-time limit, counted only while it is not paused.
 * Stopping always wakes a job held by its pause, so a cancellation, a takeover or a shutdown ends it at once.
 */
export class JobGate {
  private readonly controller = new AbortController();
  private readonly waiters: (() => void)[] = [];
  paused = false;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ends the job with `reason` (JobCancelled, LeaseLost, an ExtractionFailure), held or not. */
  stop(reason: Error): void {
    this.controller.abort(reason);
    this.wake();
  }

  /** Lets a job held by its pause go on (it holds again while `paused` is still set). */
  wake(): void {
    this.waiters.splice(0).forEach((resume) => resume());
  }

  /** Resolves once the job is not paused; throws the reason it was stopped for, meanwhile or before. */
  async holdWhilePaused(): Promise<void> {
    while (this.paused && !this.signal.aborted) {
      await new Promise<void>((resume) => this.waiters.push(resume));
    }
    if (this.signal.aborted) throw this.signal.reason;
  }

  /** Counts processing time each second the job is not paused, and stops it past `timeoutMs`; answers the clock's stop. */
  startClock(timeoutMs: number): () => void {
    let activeMs = 0;
    const ticker = setInterval(() => {
      if (this.paused) return;
      activeMs += 1000;
      if (activeMs > timeoutMs) {
        this.stop(
          new ExtractionFailure(
            'TIMEOUT',
            `Processing took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
          ),
        );
      }
    }, 1000);
    ticker.unref();
    return () => clearInterval(ticker);
  }
}
