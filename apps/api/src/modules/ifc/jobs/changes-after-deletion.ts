import type { Logger } from 'pino';
import type { Store } from '../../../store/types';
import { runChangeStep } from './change-step';
import { RETRY_DELAY_MS } from './post-publish-state';
import { createStoppablePauses } from './stoppable-pauses';

/**
 * What follows the deletion of a version: the versions of its model that were compared with it have been compared
 * with their previous retained version instead, in the same step as the deletion (ModelRepository.deleteVersion):
 * their change rows left the feed and their summary is pending against that version. Their change step runs here,
 * in the background as after a publish, with the same recorded failures and retries (change-step.ts): meanwhile
 * the models API answers `pending` ("Comparing with version N…"), `Versions` has no counts for them and
 * `IFCChanges`/`IFCPropertyChanges` serve none of their rows, never the rows against the deleted version. A
 * shutdown (`stop`) ends them between transactions and leaves the summary pending, and the start-up pass completes
 * it (complete-preparation.ts).
 */
export interface ChangesAfterDeletion {
  /**
   * Starts the change step of the model's versions that the deletion of its version `deletedNumber` compared with
   * another one; resolves once they are started.
   */
  start(projectId: string, modelId: string, deletedNumber: number): Promise<void>;
  /** Settles once the steps started so far have ended (tests wait on it). */
  settled(): Promise<void>;
  /**
   * Shutdown: the running steps stop between transactions (a retry's delay is cut short) and no new one starts;
   * resolves once they have ended, before the store closes.
   */
  stop(): Promise<void>;
}

export function createChangesAfterDeletion(
  store: Store,
  logger: Logger,
  retryDelayMs = RETRY_DELAY_MS,
): ChangesAfterDeletion {
  const running = new Set<Promise<void>>();
  const pauses = createStoppablePauses();
  let stopped = false;
  return {
    async start(projectId, modelId, deletedNumber) {
      if (stopped) return;
      const versions = await store.models.listVersions(projectId, modelId);
      if (stopped) return;
      for (const version of versions) {
        const { changes } = version;
        // Compared with another version by the deletion: newer than the deleted one, pending against an older one.
        // (A version whose own post-publish step happens to be in that state runs its step once more: one run of
        // a version at a time, each writing the same rows.)
        const against = changes?.status === 'pending' ? changes.previousVersionNumber : null;
        if (against === null || against >= deletedNumber || version.number <= deletedNumber) continue;
        const previous = versions.find((v) => v.number === against);
        if (!version.retained || !previous?.retained || previous.status !== 'ready') continue;
        const step = runChangeStep(
          store,
          logger,
          null,
          { version, previous, jobId: null },
          { isStopped: () => stopped, pause: (ms) => pauses.pause(ms), retryDelayMs },
        ).catch((err: unknown) =>
          logger.error(
            { err, projectId, version: version.version },
            'recomputing the changes of a version failed',
          ),
        );
        running.add(step);
        void step.finally(() => running.delete(step));
      }
    },
    async settled() {
      await Promise.all([...running]);
    },
    async stop() {
      stopped = true;
      pauses.cutShort();
      await Promise.all([...running]);
    },
  };
}
