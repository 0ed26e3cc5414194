import type { mongo } from 'mongoose';
import type { JobStatus } from '../types';
import type { JobControl, JobDoc } from './job-model';

/** What a claim tells the worker about the job it now holds. */
export interface ClaimedJob {
  id: string;
  /** 1 for a first run; more when a worker that held it stopped responding (or shut down) before it ended. */
  attempt: number;
  /** The status before the claim: a job taken over while paused stays paused. */
  previousStatus: JobStatus;
  control: JobControl | null;
}

/** The lease fields as the holding worker reads them on each heartbeat or control check. */
export interface LeaseState {
  leaseOwner: string | null;
  leaseUntil: Date | null;
  status: JobStatus;
  control: JobControl | null;
}

const ENDED: JobStatus[] = ['ready', 'failed', 'cancelled'];

/**
 * The leased job queue's state in MongoDB, on the `jobs` documents themselves (job-model.ts): any worker claims a
 * job with one atomic findOneAndUpdate, holds it while it renews `leaseUntil`, and loses it when it stops renewing.
 * Nothing a worker needs to hand over lives in its memory, so a worker killed mid-job leaves a job another can take.
 */
export class MongoJobLeases {
  private readonly jobs: mongo.Collection<JobDoc>;

  constructor(db: mongo.Db) {
    this.jobs = db.collection<JobDoc>('jobs');
  }

  /**
   * Claims the oldest job that is admitted and waiting, or whose holder's lease ran out (a job left processing or
   * paused by a version without leases has none, and counts as expired). Atomic: of two workers asking at once,
   * one gets the job.
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedJob | null> {
    const now = new Date();
    const before = await this.jobs.findOneAndUpdate(
      {
        $or: [
          { status: 'queued', $or: [{ enqueuedAt: { $type: 'date' } }, { enqueuedAt: { $exists: false } }] },
          {
            status: { $in: ['processing', 'paused'] },
            $or: [{ leaseUntil: { $lt: now } }, { leaseUntil: null }],
          },
        ],
      },
      {
        $set: {
          status: 'processing',
          leaseOwner: owner,
          leaseUntil: new Date(now.getTime() + leaseMs),
          heartbeatAt: now,
        },
        $inc: { attempt: 1 },
      },
      { sort: { createdAt: 1, seq: 1 }, returnDocument: 'before', includeResultMetadata: false },
    );
    if (!before) return null;
    return {
      id: before._id,
      attempt: (before.attempt ?? 0) + 1,
      previousStatus: before.status,
      control: before.control ?? null,
    };
  }

  /**
   * Renews the lease while it is still ours: null when it matches nothing (another worker took the job over, or it
   * was deleted), which the holder takes as its order to stop and write nothing more.
   */
  async renew(id: string, owner: string, leaseMs: number): Promise<LeaseState | null> {
    const now = new Date();
    const after = await this.jobs.findOneAndUpdate(
      { _id: id, leaseOwner: owner },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs), heartbeatAt: now } },
      { returnDocument: 'after', includeResultMetadata: false },
    );
    return after ? leaseState(after) : null;
  }

  async read(id: string): Promise<LeaseState | null> {
    const doc = await this.jobs.findOne({ _id: id });
    return doc ? leaseState(doc) : null;
  }

  /**
   * The job has ended, or is handed back (`requeue`: claimable at once). `leaseOwner` stays: it says which worker ran
   * the job last.
   */
  async release(id: string, owner: string, requeue = false): Promise<void> {
    await this.jobs.updateOne(
      { _id: id, leaseOwner: owner },
      { $set: { leaseUntil: requeue ? new Date(0) : null } },
    );
  }

  /** Makes a created job claimable: its instance admitted it. */
  async admit(id: string): Promise<void> {
    await this.jobs.updateOne({ _id: id }, { $set: { enqueuedAt: new Date() } });
  }

  /** Jobs admitted and waiting for a worker, on every instance (the queue limit counts these). */
  countWaiting(exceptId: string): Promise<number> {
    return this.jobs.countDocuments({
      _id: { $ne: exceptId },
      status: 'queued',
      $or: [{ enqueuedAt: { $type: 'date' } }, { enqueuedAt: { $exists: false } }],
    });
  }

  countRunning(): Promise<number> {
    return this.jobs.countDocuments({ status: { $in: ['processing', 'paused'] } });
  }

  /**
   * Asks the holder of a job for a pause, resume or cancel. Refused (false) when the job is in no state to take it:
   * a pause of a job paused or pausing, a resume of one neither paused nor pausing, anything of an ended job.
   */
  async request(id: string, control: JobControl): Promise<boolean> {
    const filter =
      control === 'pause'
        ? {
            status: { $in: ['queued', 'processing'] as JobStatus[] },
            control: { $nin: ['pause', 'cancel'] as JobControl[] },
          }
        : control === 'resume'
          ? {
              $or: [{ status: 'paused' as JobStatus }, { control: 'pause' as JobControl }],
              control: { $ne: 'cancel' as JobControl },
            }
          : { status: { $in: ['queued', 'processing', 'paused'] as JobStatus[] } };
    const { matchedCount } = await this.jobs.updateOne({ _id: id, ...filter }, { $set: { control } });
    return matchedCount > 0;
  }

  /** The holder applied a request: cleared unless another came meanwhile. */
  async acknowledge(id: string, control: JobControl): Promise<void> {
    await this.jobs.updateOne({ _id: id, control }, { $set: { control: null } });
  }

  /** A queued job no worker holds is cancelled here and now; false when a worker claimed it first. */
  async cancelWaiting(id: string): Promise<boolean> {
    const { matchedCount } = await this.jobs.updateOne(
      { _id: id, status: 'queued' },
      { $set: { status: 'cancelled', control: null, finishedAt: new Date() } },
    );
    return matchedCount > 0;
  }

  async status(id: string): Promise<JobStatus | null> {
    const doc = await this.jobs.findOne({ _id: id }, { projection: { status: 1 } });
    return doc?.status ?? null;
  }

  static isEnded(status: JobStatus | null): boolean {
    return status === null || ENDED.includes(status);
  }
}

const leaseState = (doc: JobDoc): LeaseState => ({
  leaseOwner: doc.leaseOwner ?? null,
  leaseUntil: doc.leaseUntil ?? null,
  status: doc.status,
  control: doc.control ?? null,
});
