import type { JobRecord, JobStatus } from '../../../store/types';

/**
 * The processing queue as the API and the server see it. On SQLite (one process) it is the in-process JobProcessor;
 * on MongoDB it is LeasedJobQueue: jobs wait in MongoDB, any worker instance claims them under a lease, and pause,
 * resume and cancel travel through the job document (create-job-queue.ts picks one).
 */
export interface JobQueue {
  /** An upload is arriving: a worker this process runs may start loading ahead of its job. */
  warmUp(): void;
  /**
   * An upload's temp file has been created at `path`: when this process will run its job next, from that very file,
   * its worker may read it as it arrives. The arrival to report the file's writes and end into, or null.
   */
  readArriving(path: string): Int32Array | null;
  /** Admits a created job to the queue (or throws 503 QUEUE_FULL with Retry-After). */
  enqueue(job: JobRecord): void | Promise<void>;
  /** The post-publish step of a version published again without a job (a rollback). */
  preparePublished(projectId: string, version: number): void;
  /** Whether a version's post-publish step runs in this process now (the start-up pass leaves it to it). */
  preparing(projectId: string, version: number): boolean;
  /** Resolves with the job's final status once it has one (null when it is not known to the queue). */
  waitFor(jobId: string): Promise<JobStatus | null>;
  pause(jobId: string): Promise<boolean>;
  resume(jobId: string): Promise<boolean>;
  cancel(jobId: string): Promise<boolean>;
  /** Start-up: what a crash left unfinished (SQLite fails those jobs; MongoDB leaves them to a lease takeover). */
  recoverInterrupted(): Promise<number>;
  /** MongoDB: this instance starts claiming jobs (ROLE=all or worker); the in-process queue always runs them. */
  startClaiming(): void;
  /** The jobs this process is running now (for /health). */
  heldJobs(): string[];
  close(): Promise<void>;
}
