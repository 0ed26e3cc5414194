import { mongo, type Model } from 'mongoose';
import { DuplicateError, OwnerGoneError, type ProjectRecord, type ProjectRepository } from '../types';
import { isDuplicateKey } from './duplicate-key';
import type { ProjectCascade } from './project-cascade';
import { fromEntries as toCounts } from './count-entries';
import type { ProjectDoc } from './project-model';
import { publishVersion, retentionWindow, type PublishingDeps } from './model-publishing';
import { modelsOf } from './project-switch';
import { applyRetention } from './version-retention';
import { refreshModelViews } from './model-feed-views';
import type { UserDoc } from './user-model';
import { caseShadowsOf, PROJECT_TEXT, staleCaseShadows } from './case-shadows';
import { documentWrite } from './whole-document-writes';

const toRecord = (doc: ProjectDoc): ProjectRecord => ({
  id: doc._id,
  ownerId: doc.ownerId ?? null,
  isPublic: doc.isPublic,
  name: doc.name,
  fileName: doc.fileName,
  fileSize: doc.fileSize,
  status: doc.status,
  schema: doc.ifcSchema ?? null,
  version: doc.version,
  retention: doc.retention ?? null,
  elementCount: doc.elementCount,
  propertyCount: doc.propertyCount,
  spatialCount: doc.spatialCount,
  countsByType: toCounts(doc.countsByType),
  countsByStorey: toCounts(doc.countsByStorey),
  error: doc.error ?? null,
  createdAt: doc.createdAt.toISOString(),
  processedAt: doc.processedAt ? doc.processedAt.toISOString() : null,
});

export function createMongoProjectRepository(
  publishing: PublishingDeps,
  users: Model<UserDoc>,
  cascade: ProjectCascade,
): ProjectRepository {
  const { projects } = publishing;
  return {
    async create(project) {
      let created: ProjectDoc;
      try {
        const text = {
          _id: project.id,
          name: project.name,
          fileName: project.fileName,
          status: 'queued' as const,
          ifcSchema: project.schema,
        };
        const doc = await projects.create({
          ...text,
          ownerId: project.ownerId,
          isPublic: project.isPublic,
          fileSize: project.fileSize,
          createdAt: new Date(),
          seq: new mongo.ObjectId(),
          ...caseShadowsOf(text, PROJECT_TEXT),
        });
        created = doc.toObject();
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('id');
        throw err;
      }
      // SQLite's foreign key refuses a project of an unknown owner. Checking after the insert (not before) also
      // covers an owner deleted meanwhile: users.delete sweeps projects after removing the user, so a project
      // either exists before that sweep or finds its owner gone here.
      if (project.ownerId !== null && !(await users.exists({ _id: project.ownerId }).exec())) {
        await cascade.removeProjects([project.id]);
        throw new OwnerGoneError(project.ownerId);
      }
      return toRecord(created);
    },
    async findById(id) {
      const doc = await projects.findById(id).lean<ProjectDoc>().exec();
      return doc ? toRecord(doc) : null;
    },
    async listByOwner(ownerId) {
      const docs = await projects
        .find({ ownerId })
        .sort({ createdAt: -1, seq: -1 })
        .lean<ProjectDoc[]>()
        .exec();
      return docs.map(toRecord);
    },
    async setStatus(id, status, error = null) {
      await documentWrite(projects.db.db, 'projects', () =>
        projects
          .updateOne({ _id: id }, { $set: { status, error, ...staleCaseShadows({ status }, ['status']) } })
          .exec(),
      );
    },
    async rename(id, name) {
      const { matchedCount } = await documentWrite(projects.db.db, 'projects', () =>
        projects.updateOne({ _id: id }, { $set: { name, ...staleCaseShadows({ name }, ['name']) } }).exec(),
      );
      return matchedCount > 0;
    },
    async publish(id, version, summary) {
      await publishVersion(publishing, id, version, summary);
      await refreshModelViews(publishing, id);
    },
    async setRetention(id, retention) {
      await documentWrite(projects.db.db, 'projects', () =>
        projects.updateOne({ _id: id }, { $set: { retention } }).exec(),
      );
      const doc = await projects.findById(id).lean<ProjectDoc>().exec();
      if (!doc) return;
      for (const model of modelsOf(doc))
        await applyRetention(
          publishing,
          {
            projectId: id,
            modelId: model.id,
            publishedVersion: model.publishedVersion,
            retention,
            switchedAt: model.switchedAt ?? null,
          },
          retentionWindow(publishing),
        );
      await refreshModelViews(publishing, id);
    },
    async nextVersion(id) {
      // One atomic $inc on MongoDB. FerretDB v1 applies findAndModify as read-then-write, so concurrent calls
      // for one project could get the same number there (seen: 10 parallel calls → 1,1,1,1,1,1,2,2,2,3): there
      // the project documents' writes queue (whole-document-writes.ts).
      const doc = await documentWrite(projects.db.db, 'projects', () =>
        projects
          .findOneAndUpdate(
            { _id: id },
            // `rev` too: the models' compare-and-set updates allocate row versions from the same counter.
            { $inc: { maxVersion: 1, rev: 1 } },
            // No projection: FerretDB does not implement findAndModify's `fields`; the document is small.
            { new: true },
          )
          .lean<{ maxVersion: number }>()
          .exec(),
      );
      if (!doc) throw new Error(`project ${id} does not exist`);
      return doc.maxVersion;
    },
    async totals() {
      // Summed here: FerretDB's $group answers 0 for `$sum: '$field'`. Project documents are few and small.
      const ready = await projects
        .find({ status: 'ready' }, { elementCount: 1 })
        .lean<{ elementCount: number }[]>()
        .exec();
      return { readyProjects: ready.length, elements: ready.reduce((a, p) => a + p.elementCount, 0) };
    },
    async addToRoot(id, userId) {
      await documentWrite(projects.db.db, 'projects', () =>
        projects.updateOne({ _id: id, isPublic: true }, { $addToSet: { chosenBy: userId } }).exec(),
      );
    },
    async delete(id) {
      return (await cascade.removeProjects([id])) > 0;
    },
  };
}
