import { mongo, type Model } from 'mongoose';
import type { JobRecord, JobRepository } from '../types';
import type { JobDoc } from './job-model';
import type { ProjectDoc } from './project-model';
import { documentWrite } from './whole-document-writes';

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

const toRecord = (doc: JobDoc): JobRecord => ({
  id: doc._id,
  projectId: doc.projectId,
  ownerId: doc.ownerId ?? null,
  status: doc.status,
  version: doc.version,
  filePath: doc.filePath,
  error: doc.error ?? null,
  createdAt: doc.createdAt.toISOString(),
  startedAt: iso(doc.startedAt),
  finishedAt: iso(doc.finishedAt),
  durationMs: doc.durationMs ?? null,
});

export function createMongoJobRepository(jobs: Model<JobDoc>, projects: Model<ProjectDoc>): JobRepository {
  return {
    async create(job) {
      const doc = await jobs.create({
        _id: job.id,
        projectId: job.projectId,
        ownerId: job.ownerId,
        status: 'queued',
        version: job.version,
        filePath: job.filePath,
        createdAt: new Date(),
        seq: new mongo.ObjectId(),
        // Not claimable until its API instance admits it (LeasedJobQueue.enqueue).
        enqueuedAt: null,
      });
      // SQLite's foreign key refuses a job of an unknown project. Checked after the insert so a project deleted
      // meanwhile cannot leave this job behind: its cascade either sees the job or the job sees it gone.
      if (!(await projects.exists({ _id: job.projectId }).exec())) {
        await jobs.deleteOne({ _id: job.id }).exec();
        throw new Error(`project ${job.projectId} does not exist`);
      }
      return toRecord(doc.toObject());
    },
    async findById(id) {
      const doc = await jobs.findById(id).lean<JobDoc>().exec();
      return doc ? toRecord(doc) : null;
    },
    async update(id, patch) {
      const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (!Object.keys(set).length) return;
      // ISO strings are cast to dates by the schema and come back through toISOString().
      await documentWrite(jobs.db.db, 'jobs', () => jobs.updateOne({ _id: id }, { $set: set }).exec());
    },
    async listByOwner(ownerId, limit) {
      const docs = await jobs
        .find({ ownerId })
        .sort({ createdAt: -1, seq: -1 })
        .limit(limit)
        .lean<JobDoc[]>()
        .exec();
      return docs.map(toRecord);
    },
    async listByProject(projectId) {
      const docs = await jobs.find({ projectId }).sort({ createdAt: -1, seq: -1 }).lean<JobDoc[]>().exec();
      return docs.map(toRecord);
    },
    async listByStatus(statuses) {
      if (!statuses.length) return [];
      const docs = await jobs
        .find({ status: { $in: statuses } })
        .sort({ createdAt: 1, seq: 1 })
        .lean<JobDoc[]>()
        .exec();
      return docs.map(toRecord);
    },
  };
}
