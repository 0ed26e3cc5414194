import type { Logger } from 'pino';
import type { JobRecord, Store } from '../../../store/types';
import type { ExtractionRun } from '../worker/run-extraction-worker';

/**
 * What follows a job's publish, off its critical path: the wide element set (and, on SQLite, the feed's JSON check)
 * built from the stored rows. A row-writer thread goes on to do it; without one (MongoDB) it runs here, one version
 * at a time since those builds share this thread's event loop and connection. The project serves its other sets
 * meanwhile; the wide set appears in its $metadata once built.
 */
export class AfterPublishWork {
  /** Work still running after its job ended, with the run that can stop it. */
  private readonly running = new Map<Promise<void>, ExtractionRun>();
  private local: Promise<string | null> = Promise.resolve(null);
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  start(job: JobRecord, run: ExtractionRun): void {
    const { projectId, version } = job;
    run.startAfterwards();
    const built: Promise<string | null> =
      run.afterwards ??
      (this.local = this.local.then(() =>
        this.store.rows.buildWideElements(projectId, version, { isCancelled: () => this.stopped }).then(
          () => null,
          (err: unknown) => (err instanceof Error ? err.message : String(err)),
        ),
      ));
    const tracked = built.then((failure) => {
      if (failure && !this.stopped)
        this.logger.error(
          { jobId: job.id, projectId, version, failure },
          'building the wide element set failed',
        );
    });
    this.running.set(tracked, run);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /**
   * Shutdown: builds stop between transactions and leave nothing behind; the start-up pass completes those
   * versions next time (complete-preparation.ts).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const run of this.running.values()) run.stopAfterwards();
    await Promise.all(this.running.keys());
  }
}
