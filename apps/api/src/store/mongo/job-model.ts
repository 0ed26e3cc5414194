import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { JobStatus } from '../types';

export interface JobDoc {
  _id: string;
  projectId: string;
  ownerId: string | null;
  status: JobStatus;
  version: number;
  filePath: string;
  error: string | null;
  createdAt: Date;
  /** Creation order where createdAt ties, as ProjectDoc.seq. */
  seq: Types.ObjectId;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
}

const STATUSES: JobStatus[] = ['queued', 'processing', 'paused', 'ready', 'failed', 'cancelled'];

const jobSchema = new Schema<JobDoc>(
  {
    _id: { type: String, required: true },
    projectId: { type: String, required: true },
    ownerId: { type: String, default: null },
    status: { type: String, enum: STATUSES, required: true },
    version: { type: Number, required: true },
    filePath: { type: String, required: true },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
    seq: { type: Schema.Types.ObjectId, required: true },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    durationMs: { type: Number, default: null },
  },
  { collection: 'jobs', versionKey: false, strict: 'throw' },
);
// Start-up recovery looks jobs up by status, stats by owner; project deletion removes them by project.
jobSchema.index({ status: 1, createdAt: 1 }, { name: 'jobs_status' });
jobSchema.index({ ownerId: 1, createdAt: -1, seq: -1 }, { name: 'jobs_owner' });
jobSchema.index({ projectId: 1 }, { name: 'jobs_project' });

export const jobModel = (conn: Connection): Model<JobDoc> => conn.model<JobDoc>('Job', jobSchema);
