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
  /**
   * The leased queue (mongo-job-leases.ts). A new job is created with `enqueuedAt: null` and becomes claimable once
   * its API instance has admitted it (queue limit, "Queued" log entry); jobs from before leases lack the field.
   */
  enqueuedAt?: Date | null;
  /** The instance whose worker holds the job, until `leaseUntil` unless it renews it. */
  leaseOwner?: string | null;
  leaseUntil?: Date | null;
  heartbeatAt?: Date | null;
  /** How many times a worker claimed the job (2 onwards: a re-run after a worker stopped responding). */
  attempt?: number;
  /** A pause, resume or cancel asked for on any instance, for the holding worker to apply. */
  control?: JobControl | null;
}

export type JobControl = 'pause' | 'resume' | 'cancel';

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
    enqueuedAt: { type: Date },
    leaseOwner: { type: String },
    leaseUntil: { type: Date },
    heartbeatAt: { type: Date },
    attempt: { type: Number },
    control: { type: String, enum: ['pause', 'resume', 'cancel', null] },
  },
  { collection: 'jobs', versionKey: false, strict: 'throw' },
);
// Start-up recovery looks jobs up by status, stats by owner; project deletion removes them by project.
jobSchema.index({ status: 1, createdAt: 1 }, { name: 'jobs_status' });
jobSchema.index({ ownerId: 1, createdAt: -1, seq: -1 }, { name: 'jobs_owner' });
jobSchema.index({ projectId: 1 }, { name: 'jobs_project' });

export const jobModel = (conn: Connection): Model<JobDoc> => conn.model<JobDoc>('Job', jobSchema);
