import type { Logger } from 'pino';
import type { Store, VersionRecord } from '../../../store/types';
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

/** The warning a version gets when it shares no element with the one before: probably not the same model. */
export const noCommonElementsWarning = (previousNumber: number) =>
  `0 elements in common with version ${previousNumber}`;

/**
 * The post-publish change step: compares a version with its model's previous retained version (store.rows
 * .computeChanges) and stores the summary on the version, pending → ready, or failed once MAX_PREPARATION_ATTEMPTS
 * attempts failed (each failure recorded with its reason meanwhile). The version is already served: this never
 * delays "ready". A shutdown leaves the summary pending, and the start-up pass completes it.
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
    try {
      const summary = await store.rows.computeChanges(projectId, version.version, previous.version, {
        isCancelled: control.isStopped,
      });
      if (!summary) return;
      const warnings = [...version.warnings];
      if (summary.commonElements === 0) {
        const warning = noCommonElementsWarning(previous.number);
        if (!warnings.includes(warning)) warnings.push(warning);
        if (jobId)
          events?.append(jobId, { message: `Warning: ${warning}`, type: 'info', category: 'complete' });
      }
      await store.models.updateVersion(projectId, version.version, {
        warnings,
        changes: { ...summary, status: 'ready', previousVersionNumber: previous.number, error: null },
      });
      return;
    } catch (err) {
      failure = failureReason(err);
    }
    const final = attempt >= MAX_PREPARATION_ATTEMPTS;
    logger.error(
      { projectId, version: version.version, failure, attempt },
      final ? 'computing the changes of a version failed for good' : 'computing the changes failed; retrying',
    );
    try {
      const changes = {
        ...pendingChanges(previous, failure),
        ...(final ? { status: 'failed' as const } : {}),
      };
      await store.models.updateVersion(projectId, version.version, { changes });
    } catch (err) {
      // The version may be gone (deleted meanwhile): nothing left to record.
      logger.warn({ err, projectId, version: version.version }, 'could not record the change step failure');
      return;
    }
    if (final) return;
    if (attempt === 1) await control.beforeRetry?.();
    if (control.isStopped()) return;
    await control.pause(control.retryDelayMs * attempt);
    if (control.isStopped()) return;
  }
}
