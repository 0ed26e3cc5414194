import type { mongo } from 'mongoose';
import type { JobStatus } from '../types';
import { isDuplicateKey } from './duplicate-key';
import { documentWrite } from './whole-document-writes';
import type { JobControl, JobDoc } from './job-model';

/** One worker's hold on one job: the attempt number is the fence (every claim of the job takes the next one). */
export interface LeaseHold {
  id: string;
  owner: string;
  /** 1 for a first run; more when a worker that held it stopped responding (or shut down) before it ended. */
  attempt: number;
}

/** What a claim tells the worker about the job it now holds. */
export interface ClaimedJob extends LeaseHold {
  /** The status before the claim: a job taken over while paused stays paused. */
  previousStatus: JobStatus;
  control: JobControl | null;
}

/** The lease fields as the holding worker reads them on each heartbeat or control check. */
export interface LeaseState {
  leaseOwner: string | null;
  attempt: number;
  leaseUntil: Date | null;
  status: JobStatus;
  control: JobControl | null;
}

const ENDED: JobStatus[] = ['ready', 'failed', 'cancelled'];

/** One record per claim of a job, `<jobId>:<attempt>`: a second claim of the same attempt is a duplicate key. */
export const JOB_CLAIMS = 'job_claims';
interface ClaimDoc {
  _id: string;
  jobId: string;
  owner: string;
  at: Date;
}
/** A claim that lost its attempt looks again; a few rounds suffice (each loss means another worker won a job). */
const MAX_CLAIM_TRIES = 5;

/**
 * The leased job queue's state in MongoDB, on the `jobs` documents themselves (job-model.ts): any worker claims a
 * job with one atomic findOneAndUpdate, holds it while it renews `leaseUntil`, and loses it when it stops renewing.
 * Nothing a worker needs to hand over lives in its memory, so a worker killed mid-job leaves a job another can take.
 */
export class MongoJobLeases {
  private readonly jobs: mongo.Collection<JobDoc>;
  private readonly claims: mongo.Collection<ClaimDoc>;

  constructor(private readonly db: mongo.Db) {
    this.jobs = db.collection<JobDoc>('jobs');
    this.claims = db.collection<ClaimDoc>(JOB_CLAIMS);
  }

  /**
   * Claims the oldest job that is admitted and waiting, or whose holder's lease ran out (a job left processing or
   * paused by a version without leases has none, and counts as expired). Of two workers asking at once, one gets the
   * job: the findOneAndUpdate is atomic on MongoDB, and the claim is then recorded under its attempt number in
   * `job_claims`, whose unique _id settles it where the server matches and writes in two steps (FerretDB's SQLite
   * handler, where two claims of one job both matched and the job ran twice).
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedJob | null> {
    for (let tries = 0; tries < MAX_CLAIM_TRIES; tries++) {
      const now = new Date();
      const before = await documentWrite(this.db, 'jobs', () =>
        this.jobs.findOneAndUpdate(
          {
            $or: [
              {
                status: 'queued',
                $or: [{ enqueuedAt: { $type: 'date' } }, { enqueuedAt: { $exists: false } }],
              },
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
        ),
      );
      if (!before) return null;
      const hold: LeaseHold = { id: before._id, owner, attempt: (before.attempt ?? 0) + 1 };
      if (!(await this.record(hold))) continue; // another worker claimed this very attempt: look again
      // A racing claim's write may have landed after ours: the document names the holder again (none matches when
      // the racing writes moved the attempt past ours, and the job is then left to the next claim).
      if (!(await this.renew(hold, leaseMs))) continue;
      return { ...hold, previousStatus: before.status, control: before.control ?? null };
    }
    return null;
  }

  /** Records `hold` as the one claim of its attempt; false when another worker's claim of it is on record. */
  private async record(hold: LeaseHold): Promise<boolean> {
    try {
      await this.claims.insertOne({
        _id: `${hold.id}:${hold.attempt}`,
        jobId: hold.id,
        owner: hold.owner,
        at: new Date(),
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /**
   * Renews the lease while the claim is still the job's latest: null when it matches nothing (another worker took the
   * job over, or it was deleted), which the holder takes as its order to stop and write nothing more.
   */
  async renew(hold: LeaseHold, leaseMs: number): Promise<LeaseState | null> {
    const now = new Date();
    const after = await documentWrite(this.db, 'jobs', () =>
      this.jobs.findOneAndUpdate(
        { _id: hold.id, attempt: hold.attempt },
        { $set: { leaseOwner: hold.owner, leaseUntil: new Date(now.getTime() + leaseMs), heartbeatAt: now } },
        { returnDocument: 'after', includeResultMetadata: false },
      ),
    );
    return after ? leaseState(after) : null;
  }

  async read(id: string): Promise<LeaseState | null> {
    const doc = await this.jobs.findOne({ _id: id });
    return doc ? leaseState(doc) : null;
  }

  /**
   * The job has ended, or is handed back (`requeue`: claimable at once). `leaseOwner` stays: it says which worker ran
   * the job last. An ended job's claim records go with it.
   */
  async release(hold: LeaseHold, requeue = false): Promise<void> {
    await documentWrite(this.db, 'jobs', () =>
      this.jobs.updateOne(
        { _id: hold.id, attempt: hold.attempt },
        { $set: { leaseUntil: requeue ? new Date(0) : null } },
      ),
    );
    if (!requeue) await this.claims.deleteMany({ jobId: hold.id });
  }

  /** Makes a created job claimable: its instance admitted it. */
  async admit(id: string): Promise<void> {
    await documentWrite(this.db, 'jobs', () =>
      this.jobs.updateOne({ _id: id }, { $set: { enqueuedAt: new Date() } }),
    );
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
    const { matchedCount } = await documentWrite(this.db, 'jobs', () =>
      this.jobs.updateOne({ _id: id, ...filter }, { $set: { control } }),
    );
    return matchedCount > 0;
  }

  /** The holder applied a request: cleared unless another came meanwhile. */
  async acknowledge(id: string, control: JobControl): Promise<void> {
    await documentWrite(this.db, 'jobs', () =>
      this.jobs.updateOne({ _id: id, control }, { $set: { control: null } }),
    );
  }

  /** A queued job no worker holds is cancelled here and now; false when a worker claimed it first. */
  async cancelWaiting(id: string): Promise<boolean> {
    const { matchedCount } = await documentWrite(this.db, 'jobs', () =>
      this.jobs.updateOne(
        { _id: id, status: 'queued' },
        { $set: { status: 'cancelled', control: null, finishedAt: new Date() } },
      ),
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
  attempt: doc.attempt ?? 0,
  status: doc.status,
  control: doc.control ?? null,
});
