import type { Logger } from 'pino';
import type { Store } from '../../../store/types';
import { withLock } from '../../../store/mongo/start-up-lock';
import { previousGoneReason } from '../../../store/change-rules';
import { runChangeStep } from './change-step';
import { pendingChanges } from './job-version';
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
 * here counts as one more attempt. On MongoDB every processing instance starts this pass, so it holds the
 * `post-publish-preparation` lock: one instance at a time, and the next one finds the versions already prepared.
 *
 * `preparing` names the versions whose own post-publish work runs in this process (a job that has just published,
 * such as the demo's at first start): the pass leaves them to it. Built twice at once, from two connections, the
 * same wide table got each row twice and one build failed with a UNIQUE constraint error.
 */
export function completePublishedPreparation(
  store: Store,
  logger: Logger,
  preparing: (projectId: string, version: number) => boolean = () => false,
): PreparationPass {
  let stopped = false;
  const pass = async () => {
    let prepared = 0;
    for (const { projectId, version } of await store.rows.publishedAwaitingPreparation()) {
      if (stopped) break;
      if (preparing(projectId, version)) continue;
      const failed = await store.rows.preparationFailure(projectId, version);
      if (failed && failed.attempts >= MAX_PREPARATION_ATTEMPTS) continue;
      // Prepared since the list was read: by the job that published it (its build started before this pass), or
      // by another instance's pass.
      if (await store.rows.wideCatalog(projectId, version)) continue;
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
    if (!stopped) prepared += await completePendingChanges(store, logger, () => stopped, preparing);
    return prepared;
  };
  const done = store.mongoDb ? withLock(store.mongoDb, 'post-publish-preparation', pass) : pass();
  return {
    done,
    async stop() {
      stopped = true;
      await done.catch(() => undefined);
    },
  };
}

/**
 * Start-up, after the wide sets: versions whose change summary a shutdown left pending are compared again. The
 * versions are found through the ready jobs that built them; a version whose previous version's rows are gone
 * meanwhile (deleted, or pruned by retention) cannot be compared any more and is marked failed with that reason.
 */
async function completePendingChanges(
  store: Store,
  logger: Logger,
  isStopped: () => boolean,
  preparing: (projectId: string, version: number) => boolean,
): Promise<number> {
  let completed = 0;
  for (const job of await store.jobs.listByStatus(['ready'])) {
    if (isStopped()) break;
    if (preparing(job.projectId, job.version)) continue;
    const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
    const number = version?.changes?.status === 'pending' ? version.changes.previousVersionNumber : null;
    if (!version || number === null) continue;
    const previous = await store.models.findVersion(job.projectId, version.modelId, number);
    if (!previous?.retained) {
      const error = previousGoneReason(number);
      await store.models.updateVersion(job.projectId, job.version, {
        changes: { ...pendingChanges({ number }, error), status: 'failed' },
      });
      continue;
    }
    await runChangeStep(
      store,
      logger,
      null,
      { version, previous, jobId: job.id },
      {
        isStopped,
        pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        retryDelayMs: 0,
      },
    );
    completed++;
  }
  if (completed) logger.info({ versions: completed }, 'completed change summaries left pending');
  return completed;
}
