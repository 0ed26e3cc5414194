import path from 'node:path';
import type { ExtractionSummary } from '@aec/ifc';
import type { JobRecord, Store } from '../../../store/types';
import { removeUnretainedFiles } from '../models/model-files';
import type { ChangeStepTarget } from './change-step';
import type { JobEvents } from './job-events';
import { isGridFsPath } from './job-files';
import {
  applyCurrentModelName,
  pendingChanges,
  previousRetainedVersion,
  schemaWarning,
  type JobVersion,
} from './job-version';

/** Logs (and records on the version) that its schema differs from the one its model serves. */
export async function recordSchemaWarning(
  store: Store,
  events: JobEvents,
  job: JobRecord,
  target: JobVersion,
  schema: string | null,
): Promise<void> {
  const warning = await schemaWarning(store, target, schema);
  if (!warning) return;
  events.append(job.id, { message: `Warning: ${warning}`, type: 'info', category: 'extract' });
  await store.models.updateVersion(job.projectId, job.version, {
    warnings: [...target.version.warnings, warning],
  });
  target.version = { ...target.version, warnings: [...target.version.warnings, warning] };
}

/**
 * Publishes the rows a job stored (the store switches readers to them atomically), under the model's current name
 * when it was renamed since the job started.
 */
export async function publishJobVersion(
  store: Store,
  job: JobRecord,
  target: JobVersion,
  summary: ExtractionSummary,
): Promise<void> {
  await applyCurrentModelName(store, target);
  await store.projects.publish(job.projectId, job.version, {
    schema: summary.schema,
    elementCount: summary.productCount,
    propertyCount: summary.propertyCount,
    spatialCount: summary.spatialCount,
    countsByType: summary.countsByType,
    countsByStorey: summary.countsByStorey,
  });
}

/**
 * After the publish: files of versions the retention setting pruned are removed, and a model's version 2 onwards
 * gets a pending change summary against the previous retained version, for the post-publish step to complete.
 */
export async function afterVersionPublished(
  store: Store,
  job: JobRecord,
  target: Pick<JobVersion, 'version'>,
): Promise<ChangeStepTarget | null> {
  // Only kept local files can be left for pruned versions (a GridFS file goes when its job ends).
  if (!isGridFsPath(job.filePath))
    await removeUnretainedFiles(store, path.dirname(job.filePath), job.projectId);
  const previous = await previousRetainedVersion(store, target.version);
  if (!previous) return null;
  await store.models.updateVersion(job.projectId, job.version, { changes: pendingChanges(previous) });
  return { version: target.version, previous, jobId: job.id };
}
