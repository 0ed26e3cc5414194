import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { MongoJobLeases } from '../../../store/mongo/mongo-job-leases';
import { JobClaimLoop } from './job-claim-loop';
import type { JobFiles } from './job-files';
import { JobProcessor, type JobProcessorOptions } from './job-processor';
import type { JobQueue } from './job-queue';
import { LeasedJobQueue } from './leased-job-queue';

export interface JobQueueOptions extends JobProcessorOptions {
  /** JOB_LEASE_SECONDS × 1000: used on MongoDB only. */
  leaseMs: number;
  /** This instance's id in job leases (INSTANCE_ID); a fresh one when absent. */
  instanceId?: string;
  /** Where workers read a job's model file (GridFS on MongoDB); absent: the job's filePath is a local file. */
  files?: JobFiles | null;
  /** Whether this instance runs jobs (ROLE=all or worker). Default true; LeasedJobQueue.startClaiming starts it later. */
  claimJobs?: boolean;
}

const defaultInstanceId = () => `${os.hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;

/**
 * The queue for the store: in-process on SQLite (one machine, today's behaviour), leased through MongoDB otherwise,
 * where every instance shares one queue and each worker instance claims from it.
 */
export function createJobQueue(o: JobQueueOptions): JobQueue {
  const processor = new JobProcessor(o);
  const db = o.store.kind === 'mongodb' ? o.store.mongoDb : undefined;
  if (!db) return processor;
  const leases = new MongoJobLeases(db);
  const files = o.files ?? null;
  const loop = new JobClaimLoop({
    store: o.store,
    leases,
    processor,
    events: o.events,
    logger: o.logger,
    files,
    instanceId: o.instanceId ?? defaultInstanceId(),
    concurrency: o.concurrency,
    leaseMs: o.leaseMs,
  });
  const queue = new LeasedJobQueue({
    store: o.store,
    leases,
    events: o.events,
    logger: o.logger,
    files,
    queueLimit: o.queueLimit,
    leaseMs: o.leaseMs,
    processor,
    loop,
  });
  if (o.claimJobs !== false) queue.startClaiming();
  return queue;
}
