import type { Model, mongo } from 'mongoose';
import type { PublishSummary } from '../types';
import type { ModelEntry } from './model-entries';
import type { ModelViewDoc } from './model-feed-views';
import type { ProjectDoc } from './project-model';
import { aggregates, modelsOf, nextStamp, projectDocs, switchProject } from './project-switch';
import type { RowCollections } from './row-collections';
import { applyRetention, DEFAULT_SNAPSHOT_GRACE_MS, type RetentionWindow } from './version-retention';
import { toEntries, type VersionDoc } from './version-docs';
import { documentWrite } from './whole-document-writes';

export interface PublishingDeps {
  /** The database, for the leases (start-up-lock.ts) that keep instances from building one version's set at once. */
  db: mongo.Db;
  projects: Model<ProjectDoc>;
  versions: mongo.Collection<VersionDoc>;
  rows: RowCollections;
  /** The feed's Models set, derived from the records (model-feed-views.ts). */
  modelsView: mongo.Collection<ModelViewDoc>;
  /** How long a replaced version's rows outlive the switch (SNAPSHOT_GRACE_MINUTES), in ms; default 30 minutes. */
  snapshotGraceMs?: number;
}

/** One update of a version record (queued with the others on FerretDB: whole-document-writes.ts). */
export const updateVersionDoc = (
  deps: Pick<PublishingDeps, 'db' | 'versions'>,
  filter: mongo.Filter<VersionDoc>,
  update: mongo.UpdateFilter<VersionDoc>,
) => documentWrite(deps.db, 'versions', () => deps.versions.updateOne(filter, update));

/** The snapshot window retention waits for, at `now`. */
export const retentionWindow = (deps: PublishingDeps, now = Date.now()): RetentionWindow => ({
  graceMs: deps.snapshotGraceMs ?? DEFAULT_SNAPSHOT_GRACE_MS,
  now,
});

/**
 * The version record of a row version written without one (by a caller from before models, or a project from
 * before them): it becomes the next version of the project's default model (id = project id), created as needed.
 */
export async function adoptVersion(
  deps: PublishingDeps,
  projectId: string,
  version: number,
): Promise<VersionDoc | null> {
  const allocated = await switchProject(deps.projects, projectId, async (doc) => {
    const models = modelsOf(doc).map((m) => ({ ...m }));
    let model = models.find((m) => m.id === projectId);
    if (!model) models.push((model = defaultModel(doc)));
    model.lastNumber += 1;
    return { set: { models }, result: { number: model.lastNumber, doc } };
  });
  if (!allocated) return null;
  const { doc, number } = allocated;
  const record: VersionDoc = {
    projectId,
    modelId: projectId,
    version,
    number,
    fileName: doc.fileName,
    fileSize: doc.fileSize,
    uploaderId: doc.ownerId ?? null,
    status: 'processing',
    error: null,
    ifcSchema: doc.ifcSchema ?? null,
    elementCount: 0,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: [],
    countsByStorey: [],
    createdAt: number === 1 ? doc.createdAt : new Date(),
    processedAt: null,
    processingMs: null,
    retained: true,
    warnings: [],
    changes: null,
  };
  await deps.versions.insertOne(record);
  return record;
}

export const defaultModel = (doc: ProjectDoc): ModelEntry => ({
  id: doc._id,
  name: doc.name,
  publishedVersion: 0,
  createdAt: doc.createdAt,
  lastNumber: 0,
});

/**
 * Makes a model's published version `version` in one project document update, with the project's aggregates
 * over its models, its schema and file name from this version, and a new stamp. `accept` decides from the
 * current state whether the switch still applies (false: nothing changes). Resolves to the switched model.
 * A switch from another version stamps the model's `switchedAt` in the same update (retention waits the snapshot
 * window after it), then the replaced version's record `supersededAt`; the version now served has none.
 */
export async function switchPublished(
  deps: PublishingDeps,
  record: VersionDoc,
  accept: (model: ModelEntry) => Promise<boolean>,
  extra: Record<string, unknown> = {},
): Promise<ModelEntry | null> {
  let replaced = 0;
  const at = new Date();
  const switched = await switchProject(deps.projects, record.projectId, async (doc) => {
    const models = modelsOf(doc).map((m) => ({ ...m }));
    const model = models.find((m) => m.id === record.modelId);
    if (!model || !(await accept(model))) return null;
    replaced = model.publishedVersion;
    if (replaced > 0 && replaced !== record.version) model.switchedAt = at;
    model.publishedVersion = record.version;
    return {
      set: {
        ...(await aggregates(deps.versions, record.projectId, models)),
        ifcSchema: record.ifcSchema,
        fileName: record.fileName,
        processedAt: nextStamp(doc),
        ...extra,
      },
      result: model,
    };
  });
  if (switched && replaced !== record.version) {
    const { projectId } = record;
    if (replaced > 0)
      await updateVersionDoc(deps, { projectId, version: replaced }, { $set: { supersededAt: at } });
    // Published again (a rollback): it serves now, no window runs for it.
    await updateVersionDoc(deps, { projectId, version: record.version }, { $set: { supersededAt: null } });
  }
  return switched;
}

/** What a publish's first write sets on the version record: ready, with its summary. */
export const readyVersionFields = (summary: PublishSummary) => ({
  status: 'ready' as const,
  error: null,
  ifcSchema: summary.schema,
  elementCount: summary.elementCount,
  propertyCount: summary.propertyCount,
  spatialCount: summary.spatialCount,
  countsByType: toEntries(summary.countsByType),
  countsByStorey: toEntries(summary.countsByStorey),
  processedAt: new Date(),
});

/**
 * ProjectRepository.publish: stamps the version ready with its summary, then switches its model to it unless the
 * model already shows a newer version (a stale job publishing late keeps its rows as history), then applies the
 * project's retention to the model once its snapshot window is over (else the sweep does, pruneSuperseded).
 */
export async function publishVersion(
  deps: PublishingDeps,
  projectId: string,
  version: number,
  summary: PublishSummary,
): Promise<void> {
  const found = await deps.versions.findOne({ projectId, version });
  const record = found ?? (await adoptVersion(deps, projectId, version));
  if (!record) return;
  const ready = readyVersionFields(summary);
  await updateVersionDoc(deps, { projectId, version }, { $set: ready });
  await switchPublished(deps, { ...record, ...ready }, async (m) => m.publishedVersion <= version, {
    status: 'ready',
    error: null,
  });
  const project = await projectDocs(deps.projects).findOne({ _id: projectId });
  if (!project) return;
  const current = modelsOf(project).find((m) => m.id === record.modelId);
  if (!current) return;
  await applyRetention(
    deps,
    {
      projectId,
      modelId: record.modelId,
      publishedVersion: current.publishedVersion,
      retention: project.retention ?? null,
      switchedAt: current.switchedAt ?? null,
    },
    retentionWindow(deps),
  );
}
