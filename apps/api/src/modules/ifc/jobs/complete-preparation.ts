import type { Logger } from 'pino';
import type { Store } from '../../../store/types';
import { failureReason, MAX_PREPARATION_ATTEMPTS } from './post-publish-state';

export interface PreparationPass {
  /** Settles when every waiting version was prepared, or the pass was stopped. */
  done: Promise<number>;
  /** Stops between two steps (the current transaction commits or rolls back first). */
  stop(): Promise<void>;
}

/**
 * Start-up: completes the post-publish step (wide element set; on SQLite also the JSON check that lets SQLite write
 * feed pages) for published versions that lack it, because a shutdown cancelled it or the version was published
 * before the step existed. One version at a time, in the background: the feed serves those projects meanwhile,
 * only without their wide set and a little slower. A version whose attempts are used up is left failed; a failure
 * here counts as one more attempt.
 */
export function completePublishedPreparation(store: Store, logger: Logger): PreparationPass {
  let stopped = false;
  const done = (async () => {
    let prepared = 0;
    for (const { projectId, version } of await store.rows.publishedAwaitingPreparation()) {
      if (stopped) break;
      const failed = await store.rows.preparationFailure(projectId, version);
      if (failed && failed.attempts >= MAX_PREPARATION_ATTEMPTS) continue;
      try {
        const catalog = await store.rows.buildWideElements(projectId, version, {
          isCancelled: () => stopped,
        });
        if (catalog) prepared++;
      } catch (err) {
        const attempts = await store.rows.recordPreparationFailure(projectId, version, failureReason(err));
        logger.error({ err, projectId, version, attempts }, 'completing a published version failed');
      }
    }
    if (prepared) logger.info({ versions: prepared }, 'completed published versions left unprepared');
    return prepared;
  })();
  return {
    done,
    async stop() {
      stopped = true;
      await done.catch(() => undefined);
    },
  };
}
