import { pendingChangeSummary } from '../../../store/change-rules';
import type { ThreadWriterTarget } from '../worker/run-extraction-worker';
import type {
  ChangeSummary,
  JobRecord,
  ModelRecord,
  RowContext,
  Store,
  VersionRecord,
} from '../../../store/types';

/** The model version a job builds, and what its rows carry. */
export interface JobVersion {
  model: ModelRecord;
  version: VersionRecord;
  rowContext: RowContext;
}

/** Null for a job whose version record is gone (its model or project deleted): the job is cancelled. */
export async function jobVersion(store: Store, job: JobRecord): Promise<JobVersion | null> {
  const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
  if (!version) return null;
  const model = await store.models.findById(job.projectId, version.modelId);
  if (!model) return null;
  return {
    model,
    version,
    rowContext: {
      modelId: model.id,
      modelName: model.name,
      versionNumber: version.number,
      changedAt: version.createdAt,
    },
  };
}

/**
 * The rows carry the model's name as it was when the job started. After a rename meanwhile (rows written before it
 * were rewritten, rows after it were not) the version's rows get the current name before they are published: the
 * store's rename rewrites every row of the model, this version's included now that all of them are written, and a
 * rename after this check rewrites them itself. Rare, so the whole model's rewrite is acceptable.
 */
export async function applyCurrentModelName(store: Store, target: JobVersion): Promise<void> {
  const model = await store.models.findById(target.version.projectId, target.model.id);
  if (!model || model.name === target.rowContext.modelName) return;
  await store.models.rename(model.projectId, model.id, model.name);
  target.model = model;
  target.rowContext = { ...target.rowContext, modelName: model.name };
}

/** "Schema changed from IFC2X3 to IFC4" when the model's served version has another schema than this one. */
export async function schemaWarning(
  store: Store,
  target: JobVersion,
  schema: string | null,
): Promise<string | null> {
  const model = await store.models.findById(target.version.projectId, target.model.id);
  if (!model || model.publishedVersion === 0 || model.publishedVersion === target.version.version)
    return null;
  const served = await store.models.findVersionByRowVersion(target.version.projectId, model.publishedVersion);
  if (!served?.schema || !schema || served.schema === schema) return null;
  return `Schema changed from ${served.schema} to ${schema}`;
}

/** The version a new one is compared with: the model's newest ready version before it whose rows are still stored. */
export async function previousRetainedVersion(
  store: Store,
  version: VersionRecord,
): Promise<VersionRecord | null> {
  const versions = await store.models.listVersions(version.projectId, version.modelId);
  return versions.find((v) => v.number < version.number && v.status === 'ready' && v.retained) ?? null;
}

/** A change summary waiting for the post-publish step. */
export function pendingChanges(
  previous: Pick<VersionRecord, 'number'>,
  error: string | null = null,
): ChangeSummary {
  return pendingChangeSummary(previous.number, error);
}

/**
 * Where a row-writer thread stores the job's rows: the store's SQLite file, when the store can be written from another
 * thread and the writer's bundle is known; undefined otherwise (the API thread stores each batch).
 */
export function threadWriterTarget(
  store: Store,
  writerPath: string | undefined,
  job: JobRecord,
  target: JobVersion,
): ThreadWriterTarget | undefined {
  const { sqliteFile, walCommits, writeTurns } = store;
  if (!sqliteFile || !writerPath) return undefined;
  return {
    writerPath,
    sqliteFile,
    ...(walCommits ? { walCommits } : {}),
    ...(writeTurns ? { writeTurns } : {}),
    projectId: job.projectId,
    version: job.version,
    rowContext: target.rowContext,
  };
}
