import type { JobRecord, Store, VersionRecord } from '../../../store/types';
import type { ChangeStepTarget } from './change-step';
import { afterVersionPublished } from './version-publishing';

/*
 * A takeover of a job whose worker died after publishing (MongoDB's leased queue, job-claim-loop.ts): what that
 * worker did not get to is done here, so the version ends as a publish that ran to its end would have left it.
 */

/**
 * On MongoDB a publish is two writes: the version's record becomes ready with its counts, then its model switches
 * to it in the project's document. A worker that died between the two left a ready version its model does not
 * serve, and a project still processing: the switch is made now (publishing is idempotent). A version that served
 * once (superseded since) or that a newer one outranks is left as it is. Resolves to the version as it is now.
 */
export async function finishPublish(store: Store, version: VersionRecord): Promise<VersionRecord> {
  const model = await store.models.findById(version.projectId, version.modelId);
  if (!model || model.publishedVersion >= version.version || version.supersededAt !== null) return version;
  await store.projects.publish(version.projectId, version.version, {
    schema: version.schema ?? '',
    elementCount: version.elementCount,
    propertyCount: version.propertyCount,
    spatialCount: version.spatialCount,
    countsByType: version.countsByType,
    countsByStorey: version.countsByStorey,
  });
  return (await store.models.findVersionByRowVersion(version.projectId, version.version)) ?? version;
}

/**
 * The change step a published version still needs: set up now when the worker died before setting it up (as its
 * publish would have, with the files of versions retention pruned removed), or left pending by it. Null when there
 * is nothing to compare (a model's first version, a summary already made, or a pending one whose previous version's
 * rows are gone: the start-up pass marks that one failed).
 */
export async function changeStepAfterTakeover(
  store: Store,
  job: JobRecord,
  version: VersionRecord,
): Promise<ChangeStepTarget | null> {
  if (version.changes === null) return afterVersionPublished(store, job, { version });
  const { status, previousVersionNumber } = version.changes;
  if (status !== 'pending' || previousVersionNumber === null) return null;
  const previous = await store.models.findVersion(job.projectId, version.modelId, previousVersionNumber);
  return previous?.retained ? { version, previous, jobId: job.id } : null;
}
