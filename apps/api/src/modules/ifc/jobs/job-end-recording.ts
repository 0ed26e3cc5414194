import type { ExtractionSummary } from '@aec/ifc';
import type { Logger } from 'pino';
import type { JobRecord, JobStatus, Store } from '../../../store/types';
import { ExtractionFailure } from '../worker/run-extraction-worker';
import type { JobEvents } from './job-events';
import { JobCancelled } from './job-stop-reasons';
import { endUnpublished } from './version-outcome';

export interface JobEndDeps {
  store: Store;
  events: JobEvents;
  logger: Logger;
}

/** How the job ran: when it started (null: it never did) and whether it had its model version. */
export interface JobRunFacts {
  startedMs: number | null;
  hadVersion: boolean;
}

const INTERNAL_ERROR = 'Processing failed because of an internal error.';

/**
 * Records the end of a job that this process still holds (its lease, if any, checked by the caller): ready with its
 * version's processing time, or cancelled / failed with its unpublished rows removed, and the job's last event.
 * When recording fails, the job is still marked failed (retried) while `stillHeld` says so; resolves with the status
 * recorded, or null when nothing could be (the lease went meanwhile).
 */
export async function recordJobEnd(
  deps: JobEndDeps,
  job: JobRecord,
  outcome: ExtractionSummary | Error,
  run: JobRunFacts,
  stillHeld: () => Promise<boolean>,
): Promise<JobStatus | null> {
  const { store, events, logger } = deps;
  const finishedAt = new Date().toISOString();
  const durationMs = run.startedMs === null ? null : Date.now() - run.startedMs;
  try {
    if (!(outcome instanceof Error)) {
      await store.jobs.update(job.id, { status: 'ready', finishedAt, durationMs });
      if (run.hadVersion)
        await store.models.updateVersion(job.projectId, job.version, { processingMs: durationMs });
      events.finish(job.id, 'complete', {
        message: `Processing complete: ${outcome.productCount} elements extracted, OData endpoint ready`,
        type: 'success',
        category: 'complete',
        progress: 100,
      });
      return 'ready';
    }
    const status = outcome instanceof JobCancelled ? 'cancelled' : 'failed';
    const expected = outcome instanceof ExtractionFailure || outcome instanceof JobCancelled;
    if (!expected) logger.error({ err: outcome, jobId: job.id }, 'job failed with an unexpected error');
    const message = expected ? outcome.message : INTERNAL_ERROR;
    await endUnpublished(
      store,
      job,
      { status, message, processingMs: durationMs },
      { error: message, finishedAt, durationMs },
    );
    events.finish(job.id, 'error', { message, type: 'error', category: 'complete' });
    return status;
  } catch (err) {
    logger.error({ err, jobId: job.id }, 'could not record the end of a job');
    if (!(await stillHeld())) return null;
    await recordFailureAfterError(deps, job, finishedAt);
    events.finish(job.id, 'error', { message: INTERNAL_ERROR, type: 'error', category: 'complete' });
    return 'failed';
  }
}

/**
 * Last resort when recording a job's end failed (e.g. the database was busy): retry marking it failed with its
 * unpublished rows removed, so the stored state never stays 'processing' for a job that has ended.
 */
async function recordFailureAfterError(deps: JobEndDeps, job: JobRecord, finishedAt: string): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await endUnpublished(
        deps.store,
        job,
        { status: 'failed', message: INTERNAL_ERROR, processingMs: null },
        { error: INTERNAL_ERROR, finishedAt },
      );
      return;
    } catch (err) {
      deps.logger.error({ err, jobId: job.id, attempt }, 'could not mark the job failed');
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
