import type { Logger } from 'pino';
import type { Store, VersionRecord } from '../../../store/types';
import { noCommonElementsWarning, PreviousVersionGoneError } from '../../../store/change-rules';
import type { JobEvents } from './job-events';
import { pendingChanges } from './job-version';
import { failureReason, MAX_PREPARATION_ATTEMPTS } from './post-publish-state';

/** What the change step of one version needs: the version, the one it is compared with, and its job's log. */
export interface ChangeStepTarget {
  version: VersionRecord;
  previous: VersionRecord;
  jobId: string | null;
}

export interface ChangeStepControl {
  isStopped: () => boolean;
  /** A delay before retry n that shutdown cuts short. */
  pause: (ms: number) => Promise<void>;
  retryDelayMs: number;
  /** Awaited once before the first retry: the version's wide set is built meanwhile (after-publish-work.ts). */
  beforeRetry?: () => Promise<void>;
}

export { noCommonElementsWarning };

/**
 * The post-publish change step: compares a version with its model's previous retained version (store.rows
 * .computeChanges) and stores the summary on the version, pending → ready, or failed once MAX_PREPARATION_ATTEMPTS
 * attempts failed (each failure recorded with its reason meanwhile). The version is already served: this never
 * delays "ready". A shutdown leaves the summary pending, and the start-up pass completes it. Every record is made
 * only while the summary is still against `previous`: once that version is deleted, the store compares the version
 * with another one (ModelRepository.deleteVersion, whose caller runs this step again), and this run ends without a
 * word.
 */
export async function runChangeStep(
  store: Store,
  logger: Logger,
  events: JobEvents | null,
  target: ChangeStepTarget,
  control: ChangeStepControl,
): Promise<void> {
  const { version, previous, jobId } = target;
  const { projectId } = version;
  for (let attempt = 1; attempt <= MAX_PREPARATION_ATTEMPTS; attempt++) {
    let failure: string;
    /** The version compared with was deleted or pruned before or while this attempt ran. */
    let gone = false;
    try {
      const summary = await store.rows.computeChanges(projectId, version.version, previous.version, {
        isCancelled: control.isStopped,
      });
      if (!summary) return;
      const warnings = [...version.warnings];
      const warning = summary.commonElements === 0 ? noCommonElementsWarning(previous.number) : null;
      if (warning && !warnings.includes(warning)) warnings.push(warning);
      const recorded = await store.models.updateVersion(
        projectId,
        version.version,
        {
          warnings,
          changes: { ...summary, status: 'ready', previousVersionNumber: previous.number, error: null },
        },
        { changesAgainst: previous.number },
      );
      if (recorded && warning && jobId)
        events?.append(jobId, { message: `Warning: ${warning}`, type: 'info', category: 'complete' });
      return;
    } catch (err) {
      failure = failureReason(err);
      gone = err instanceof PreviousVersionGoneError;
    }
    // Pruned meanwhile (once deleted, the record below is refused): no later attempt can find its rows either.
    const final = gone || attempt >= MAX_PREPARATION_ATTEMPTS;
    try {
      const changes = {
        ...pendingChanges(previous, failure),
        ...(final ? { status: 'failed' as const } : {}),
      };
      const recorded = await store.models.updateVersion(
        projectId,
        version.version,
        { changes },
        { changesAgainst: previous.number },
      );
      // Compared with another version since (the one compared with was deleted: the deletion's caller runs the step
      // again), or the version is gone: nothing of this run is kept.
      if (recorded === false) {
        logger.info(
          { projectId, version: version.version, previous: previous.number, failure },
          'change step ended: the version, or the one it was compared with, was deleted meanwhile',
        );
        return;
      }
      logger.error(
        { projectId, version: version.version, failure, attempt },
        final
          ? 'computing the changes of a version failed for good'
          : 'computing the changes failed; retrying',
      );
    } catch (err) {
      // The version may be gone (deleted meanwhile): nothing left to record.
      logger.warn(
        { err, projectId, version: version.version, failure },
        'could not record the change step failure',
      );
      return;
    }
    if (final) return;
    if (attempt === 1) await control.beforeRetry?.();
    if (control.isStopped()) return;
    await control.pause(control.retryDelayMs * attempt);
    if (control.isStopped()) return;
  }
}
