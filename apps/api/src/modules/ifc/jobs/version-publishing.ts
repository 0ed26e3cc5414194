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

/**
 * Records on the version what its extraction worked around (records left out, text repaired: already in the
 * processing log, which a user may never open again) and, logging it too, that its schema differs from the one its
 * model serves: the version's history then says, as long as the version exists, that its rows are not the whole file.
 */
export async function recordVersionWarnings(
  store: Store,
  events: JobEvents,
  job: JobRecord,
  target: JobVersion,
  summary: Pick<ExtractionSummary, 'schema' | 'warnings'>,
): Promise<void> {
  const schema = await schemaWarning(store, target, summary.schema);
  if (schema) events.append(job.id, { message: `Warning: ${schema}`, type: 'info', category: 'extract' });
  const added = [...summary.warnings.map((w) => w.message), ...(schema ? [schema] : [])].filter(
    (warning) => !target.version.warnings.includes(warning),
  );
  if (!added.length) return;
  const warnings = [...target.version.warnings, ...added];
  await store.models.updateVersion(job.projectId, job.version, { warnings });
  target.version = { ...target.version, warnings };
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
