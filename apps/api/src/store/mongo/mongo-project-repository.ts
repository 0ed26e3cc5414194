import { mongo, type Model } from 'mongoose';
import { DuplicateError, type ProjectRecord, type ProjectRepository } from '../types';
import { isDuplicateKey } from './duplicate-key';
import type { ProjectCascade } from './project-cascade';
import type { CountEntry, ProjectDoc } from './project-model';
import { eachRowCollection, type RowCollections } from './row-collections';
import type { UserDoc } from './user-model';
import { MONGO_MODELS_NOT_IMPLEMENTED } from './mongo-models-placeholder';

const toCounts = (entries: CountEntry[]): Record<string, number> =>
  Object.fromEntries(entries.map((entry) => [entry.key, entry.count]));
const toEntries = (counts: Record<string, number>): CountEntry[] =>
  Object.entries(counts).map(([key, count]) => ({ key, count }));

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
  elementCount: doc.elementCount,
  propertyCount: doc.propertyCount,
  spatialCount: doc.spatialCount,
  countsByType: toCounts(doc.countsByType),
  countsByStorey: toCounts(doc.countsByStorey),
  error: doc.error ?? null,
  createdAt: doc.createdAt.toISOString(),
  processedAt: doc.processedAt ? doc.processedAt.toISOString() : null,
  // PLACEHOLDER until h-mongo lands: MongoDB has no retention setting yet.
  retention: null,
});

export function createMongoProjectRepository(
  projects: Model<ProjectDoc>,
  users: Model<UserDoc>,
  rows: RowCollections,
  cascade: ProjectCascade,
): ProjectRepository {
  return {
    async create(project) {
      let created: ProjectDoc;
      try {
        const doc = await projects.create({
          _id: project.id,
          ownerId: project.ownerId,
          isPublic: project.isPublic,
          name: project.name,
          fileName: project.fileName,
          fileSize: project.fileSize,
          status: 'queued',
          ifcSchema: project.schema,
          createdAt: new Date(),
          seq: new mongo.ObjectId(),
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
        throw new Error(`owner ${project.ownerId} does not exist`);
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
      await projects.updateOne({ _id: id }, { $set: { status, error } }).exec();
    },
    async setRetention() {
      throw new Error(MONGO_MODELS_NOT_IMPLEMENTED);
    },
    async publish(id, version, summary) {
      // No transactions on FerretDB, so publishing is atomic for readers by design: readers always pick rows by
      // the project's current `version`, and this single-document update is the one switch that moves it. The
      // new version's rows were all written before it; the old ones are removed after it, when no reader resolves
      // to them any more. A crash in between leaves only invisible rows, removed by the project's next publish or
      // its deletion.
      // The `$lte` guard keeps the visible version from ever going back (a stale job publishing late).
      const { matchedCount } = await projects
        .updateOne(
          { _id: id, version: { $lte: version } },
          {
            $set: {
              version,
              status: 'ready',
              error: null,
              ifcSchema: summary.schema,
              elementCount: summary.elementCount,
              propertyCount: summary.propertyCount,
              spatialCount: summary.spatialCount,
              countsByType: toEntries(summary.countsByType),
              countsByStorey: toEntries(summary.countsByStorey),
              processedAt: new Date(),
            },
          },
        )
        .exec();
      // Only older versions go: a newer one belongs to a job still writing, which publishes or discards it. When
      // nothing matched (the project is gone, or already shows a newer version) this version is the stale one.
      // Versions start at 1 (nextVersion), so a first publish has nothing older to remove: skipping the deletes
      // spares a first upload three collection scans on servers that cannot use the index (FerretDB v1).
      if (matchedCount > 0 && version <= 1) return;
      const stale = matchedCount > 0 ? { $lt: version } : version;
      await Promise.all(
        eachRowCollection(rows).map((collection) => collection.deleteMany({ projectId: id, version: stale })),
      );
    },
    async nextVersion(id) {
      // One atomic $inc on MongoDB. FerretDB v1 applies findAndModify as read-then-write, so concurrent calls
      // for one project can get the same number there (seen: 10 parallel calls → 1,1,1,1,1,1,2,2,2,3). Today
      // the app asks once per project, right after creating it, so calls never overlap.
      const doc = await projects
        .findOneAndUpdate(
          { _id: id },
          { $inc: { maxVersion: 1 } },
          // No projection: FerretDB does not implement findAndModify's `fields`; the document is small.
          { new: true },
        )
        .lean<{ maxVersion: number }>()
        .exec();
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
      await projects.updateOne({ _id: id, isPublic: true }, { $addToSet: { chosenBy: userId } }).exec();
    },
    async delete(id) {
      return (await cascade.removeProjects([id])) > 0;
    },
  };
}
