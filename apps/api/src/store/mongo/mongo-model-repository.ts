import type { mongo } from 'mongoose';
import { DuplicateError, type ModelRecord, type ModelRepository } from '../types';
import type { ModelEntry } from './model-entries';
import { switchPublished, updateVersionDoc, type PublishingDeps } from './model-publishing';
import { aggregates, modelsOf, nextStamp, projectDocs, switchProject } from './project-switch';
import { eachRowCollection } from './row-collections';
import { refreshModelViews } from './model-feed-views';
import { refreshWideUnions } from './wide-union';
import { modelNameShadows } from './case-shadows';
import { toChangeDoc, toVersionRecord, type VersionDoc } from './version-docs';
import { deleteInBatches } from './delete-in-batches';
import { repointComparedWith } from './mongo-change-repointing';

const toModel = (projectId: string, m: ModelEntry): ModelRecord => ({
  id: m.id,
  projectId,
  name: m.name,
  publishedVersion: m.publishedVersion,
  createdAt: m.createdAt.toISOString(),
});

/** Row collections whose documents carry the model's name (rewritten on rename). */
const NAMED_ROWS = ['elements', 'properties', 'spatial', 'wide', 'changes', 'propertyChanges'] as const;

/**
 * Models live in their project's document (model-entries.ts), versions in `ifc_versions`. Every change readers
 * must see at once (a publish, a rollback, a model's removal) is one guarded update of the project document;
 * rows of versions no reader resolves to any more are removed after it.
 */
export function createMongoModelRepository(deps: PublishingDeps): ModelRepository {
  const repository = modelRecords(deps);
  /** Every change of models or versions is followed by the feed's derived documents of the project. */
  const refreshing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>, projectOf: (...args: A) => string) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      await refreshModelViews(deps, projectOf(...args));
      return result;
    };
  const first = (projectId: string) => projectId;
  return {
    ...repository,
    create: refreshing(repository.create, (m) => m.projectId),
    rename: refreshing(repository.rename, first),
    delete: refreshing(repository.delete, first),
    createVersion: refreshing(repository.createVersion, (v) => v.projectId),
    updateVersion: refreshing(repository.updateVersion, first),
    rollback: refreshing(repository.rollback, first),
    deleteVersion: refreshing(repository.deleteVersion, first),
  };
}

function modelRecords(deps: PublishingDeps): ModelRepository {
  const { projects, versions, rows } = deps;
  const findProject = (id: string) => projectDocs(projects).findOne({ _id: id });
  const findVersion = (projectId: string, modelId: string, number: number) =>
    versions.findOne({ projectId, modelId, number });
  const removeRows = (projectId: string, rowVersions: number[]) =>
    Promise.all(
      eachRowCollection(rows).map((c) => deleteInBatches(c, { projectId, version: { $in: rowVersions } })),
    );

  return {
    async create({ id, projectId, name }) {
      const created = await switchProject(projects, projectId, async (doc) => {
        const models = modelsOf(doc);
        if (models.some((m) => m.id === id)) throw new DuplicateError('id');
        const entry: ModelEntry = { id, name, publishedVersion: 0, createdAt: new Date(), lastNumber: 0 };
        return { set: { models: [...models, entry] }, result: entry };
      });
      if (!created) throw new Error(`project ${projectId} does not exist`);
      return toModel(projectId, created);
    },
    async findById(projectId, modelId) {
      const doc = await findProject(projectId);
      const model = doc && modelsOf(doc).find((m) => m.id === modelId);
      return model ? toModel(projectId, model) : null;
    },
    async listByProject(projectId) {
      const doc = await findProject(projectId);
      return doc ? modelsOf(doc).map((m) => toModel(projectId, m)) : [];
    },
    async rename(projectId, modelId, name) {
      // The project's record first (what lists show), then the denormalised name on the rows.
      const renamed = await switchProject(projects, projectId, async (doc) => {
        const models = modelsOf(doc);
        if (!models.some((m) => m.id === modelId)) return null;
        // Readers see the new name on the rows: a new stamp, so page links and caches notice.
        return {
          set: {
            models: models.map((m) => (m.id === modelId ? { ...m, name } : m)),
            processedAt: nextStamp(doc),
          },
          result: true,
        };
      });
      if (!renamed) return false;
      // By the model's row versions, which every row collection indexes (ModelId is not).
      const owned = await versions.find({ projectId, modelId }, { projection: { version: 1 } }).toArray();
      const filter = { projectId, version: { $in: owned.map((v) => v.version) } };
      await Promise.all(
        NAMED_ROWS.map((kind) =>
          (rows[kind] as unknown as mongo.Collection).updateMany(filter, {
            $set: { ModelName: name, ...modelNameShadows(name) },
          }),
        ),
      );
      await refreshWideUnions(deps, projectId);
      return true;
    },
    async delete(projectId, modelId) {
      // Decided on the document the guarded update replaces: a concurrent delete of the other model retries here
      // and finds it the last one (a refusal writes nothing).
      let last = false;
      const removed = await switchProject(projects, projectId, async (doc) => {
        const models = modelsOf(doc);
        if (!models.some((m) => m.id === modelId)) return null;
        last = models.length <= 1;
        if (last) return null;
        const rest = models.filter((m) => m.id !== modelId);
        return {
          set: { ...(await aggregates(versions, projectId, rest)), processedAt: nextStamp(doc) },
          result: true,
        };
      });
      if (!removed) return last ? 'last-model' : 'not-found';
      // Unreachable from here on: its rows, then its history.
      const owned = await versions.find({ projectId, modelId }, { projection: { version: 1 } }).toArray();
      await removeRows(
        projectId,
        owned.map((v) => v.version),
      );
      await versions.deleteMany({ projectId, modelId });
      return 'deleted';
    },
    async createVersion(v) {
      // One guarded update allocates both the model's next number and the project's next row version.
      const allocated = await switchProject(projects, v.projectId, async (doc) => {
        const models = modelsOf(doc);
        const model = models.find((m) => m.id === v.modelId);
        if (!model) return null;
        const number = model.lastNumber + 1;
        const version = (doc.maxVersion ?? 0) + 1;
        return {
          set: {
            models: models.map((m) => (m.id === v.modelId ? { ...m, lastNumber: number } : m)),
            maxVersion: version,
          },
          result: { number, version },
        };
      });
      if (!allocated) throw new Error(`model ${v.modelId} of project ${v.projectId} does not exist`);
      const record: VersionDoc = {
        projectId: v.projectId,
        modelId: v.modelId,
        version: allocated.version,
        number: allocated.number,
        fileName: v.fileName,
        fileSize: v.fileSize,
        uploaderId: v.uploaderId,
        status: 'queued',
        error: null,
        ifcSchema: v.schema,
        elementCount: 0,
        propertyCount: 0,
        spatialCount: 0,
        countsByType: [],
        countsByStorey: [],
        createdAt: new Date(),
        processedAt: null,
        processingMs: null,
        retained: true,
        warnings: [],
        changes: null,
      };
      await versions.insertOne({ ...record });
      return toVersionRecord(record);
    },
    async findVersion(projectId, modelId, number) {
      const doc = await findVersion(projectId, modelId, number);
      return doc ? toVersionRecord(doc) : null;
    },
    async findVersionByRowVersion(projectId, version) {
      const doc = await versions.findOne({ projectId, version });
      return doc ? toVersionRecord(doc) : null;
    },
    async listVersions(projectId, modelId) {
      const docs = await versions
        .find(modelId === undefined ? { projectId } : { projectId, modelId })
        .sort({ version: -1 })
        .toArray();
      return docs.map(toVersionRecord);
    },
    async updateVersion(projectId, version, patch, expect) {
      const set: Record<string, unknown> = {};
      if (patch.status !== undefined) set.status = patch.status;
      if (patch.error !== undefined) set.error = patch.error;
      if (patch.processingMs !== undefined) set.processingMs = patch.processingMs;
      if (patch.warnings !== undefined) set.warnings = patch.warnings;
      if (patch.changes !== undefined) set.changes = patch.changes && toChangeDoc(patch.changes);
      // With `expect`: only while the summary is still against that version (deleteVersion re-points it).
      const filter = {
        projectId,
        version,
        ...(expect ? { 'changes.previousVersionNumber': expect.changesAgainst } : {}),
      };
      if (!Object.keys(set).length) return (await versions.countDocuments(filter, { limit: 1 })) > 0;
      return (await updateVersionDoc(deps, filter, { $set: set })).matchedCount > 0;
    },
    async rollback(projectId, modelId, number) {
      const record = await findVersion(projectId, modelId, number);
      if (!record) return false;
      // Checked again inside the switch: a deleteVersion or a retention pass may have taken the rows meanwhile.
      const switched = await switchPublished(deps, record, async () => {
        const now = await versions.findOne({ projectId, version: record.version });
        return !!now && now.retained && now.status === 'ready';
      });
      return switched !== null;
    },
    async deleteVersion(projectId, modelId, number) {
      const record = await findVersion(projectId, modelId, number);
      if (!record) return false;
      const published = async () => {
        const project = await findProject(projectId);
        return (
          !!project && modelsOf(project).find((m) => m.id === modelId)?.publishedVersion === record.version
        );
      };
      // The published version is refused before its record is touched: marked unretained, even for a moment, a
      // process stopped before the mark was undone would leave the served version looking pruned to the feed.
      if (await published()) return false;
      // Marked unretained so no rollback switches to it from now on; refused after all if one did meanwhile.
      await updateVersionDoc(deps, { projectId, version: record.version }, { $set: { retained: false } });
      // The check is itself a guarded update of the project (it moves `rev`): a rollback that read the version as
      // still retained before the mark then fails its own guarded update and, on its next attempt, sees the mark.
      // A plain read here would let such a rollback publish this version while its rows are being removed.
      const unpublished = await switchProject(projects, projectId, async (doc) =>
        modelsOf(doc).find((m) => m.id === modelId)?.publishedVersion === record.version
          ? null
          : { set: {}, result: true },
      );
      if (!unpublished) {
        await updateVersionDoc(
          deps,
          { projectId, version: record.version },
          { $set: { retained: record.retained } },
        );
        return false;
      }
      await removeRows(projectId, [record.version]);
      // The versions compared with it are compared with another one (or none) before its record goes: a restart
      // in between finds it unretained, never a change set against a version no longer listed.
      await repointComparedWith(deps, projectId, modelId, number);
      await versions.deleteOne({ projectId, version: record.version });
      return true;
    },
  };
}
