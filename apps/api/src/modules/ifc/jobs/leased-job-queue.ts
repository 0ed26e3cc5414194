import type { Logger } from 'pino';
import { AppError, ServiceUnavailableError } from '../../../errors/app-error';
import type { JobRecord, JobStatus, Store } from '../../../store/types';
import { MongoJobLeases, type LeaseState } from '../../../store/mongo/mongo-job-leases';
import type { JobControl } from '../../../store/mongo/job-model';
import type { JobClaimLoop } from './job-claim-loop';
import type { JobEvents } from './job-events';
import type { JobFiles } from './job-files';
import type { JobProcessor } from './job-processor';
import type { JobQueue } from './job-queue';
import { endUnpublished } from './version-outcome';

export interface LeasedJobQueueOptions {
  store: Store;
  leases: MongoJobLeases;
  events: JobEvents;
  logger: Logger;
  files: JobFiles | null;
  queueLimit: number;
  leaseMs: number;
  /** Runs jobs on this instance (ROLE=worker or all); its claim loop is started and stopped with startClaiming. */
  processor: JobProcessor;
  loop: JobClaimLoop;
  /** How often a waiting request reads the job's state. */
  pollMs?: number;
}

/**
 * The queue on MongoDB, as every API instance sees it: a job is admitted by marking its document claimable (the
 * queue limit counts waiting jobs on all instances), pause/resume/cancel are requests on the job document that the
 * worker holding it applies, and waiting for a job reads its status. The claim loop (job-claim-loop.ts) is the
 * worker side; an instance runs it unless its role is API only.
 */
export class LeasedJobQueue implements JobQueue {
  private claiming = false;
  private closed = false;

  constructor(private readonly o: LeasedJobQueueOptions) {}

  private get pollMs(): number {
    return this.o.pollMs ?? 250;
  }

  /** This instance processes jobs too (ROLE=all or worker). */
  startClaiming(): void {
    if (this.closed) return;
    this.claiming = true;
    this.o.loop.start();
  }

  async stopClaiming(): Promise<void> {
    this.claiming = false;
    await this.o.loop.stop();
  }

  warmUp(): void {
    if (this.claiming) this.o.processor.warmUp();
  }

  /** A leased job's file travels through GridFS to whichever worker claims it: never read as it arrives here. */
  readArriving(): null {
    return null;
  }

  async enqueue(job: JobRecord): Promise<void> {
    if (this.closed) throw new ServiceUnavailableError('The server is shutting down; try again shortly.');
    // The job is not claimable yet, so refusing it here leaves nothing running (startVersion removes it).
    const waiting = await this.o.leases.countWaiting(job.id);
    if (waiting >= this.o.queueLimit) {
      throw new AppError(503, 'QUEUE_FULL', 'The processing queue is full. Please try again in a minute.', {
        'Retry-After': '60',
      });
    }
    const position = waiting + (await this.o.leases.countRunning()) + 1;
    this.o.events.append(job.id, {
      message: position > 1 ? `Queued for processing (position ${position})` : 'Queued for processing',
      type: 'info',
      category: 'upload',
      progress: 10,
    });
    await this.o.leases.admit(job.id);
    if (this.claiming) this.o.loop.nudge();
  }

  preparePublished(projectId: string, version: number): void {
    this.o.processor.preparePublished(projectId, version);
  }

  preparing(projectId: string, version: number): boolean {
    return this.o.processor.preparing(projectId, version);
  }

  /** Resolves when the job has ended, whichever worker ran it (null when there is no such job). */
  async waitFor(jobId: string): Promise<JobStatus | null> {
    for (;;) {
      const status = await this.o.leases.status(jobId);
      if (MongoJobLeases.isEnded(status)) return status;
      await this.sleep();
    }
  }

  pause(jobId: string): Promise<boolean> {
    return this.control(jobId, 'pause');
  }

  resume(jobId: string): Promise<boolean> {
    return this.control(jobId, 'resume');
  }

  async cancel(jobId: string): Promise<boolean> {
    if (await this.o.leases.cancelWaiting(jobId)) {
      await this.endCancelled(jobId);
      return true;
    }
    if (!(await this.o.leases.request(jobId, 'cancel'))) return false;
    // The holder removes the rows and records the end; a job nobody holds is cancelled by whoever claims it next.
    await this.until(jobId, (s) => MongoJobLeases.isEnded(s.status));
    return true;
  }

  /** On MongoDB nothing is failed at start: a job whose worker died is claimed again once its lease runs out. */
  async recoverInterrupted(): Promise<number> {
    return 0;
  }

  heldJobs(): string[] {
    return this.o.loop.heldJobs();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopClaiming();
    await this.o.processor.close();
  }

  /** Leaves the request for the holder and waits (bounded) until it applied it, so the answer shows the change. */
  private async control(jobId: string, action: Exclude<JobControl, 'cancel'>): Promise<boolean> {
    if (!(await this.o.leases.request(jobId, action))) return false;
    await this.until(jobId, (s) => s.control !== action);
    return true;
  }

  /**
   * Polls the job until `done` holds, as long as a worker holds it (its lease is renewed) or for twice the lease
   * (at least 15 s) without one: then no worker is there to apply the request now, and it stays on the job for the
   * worker that claims it next.
   */
  private async until(jobId: string, done: (s: LeaseState) => boolean): Promise<void> {
    const patience = Math.max(2 * this.o.leaseMs, 15_000);
    let lastHeld = Date.now();
    while (Date.now() - lastHeld < patience) {
      const state = await this.o.leases.read(jobId);
      if (!state || done(state)) return;
      if (state.leaseUntil && state.leaseUntil.getTime() > Date.now()) lastHeld = Date.now();
      await this.sleep();
    }
  }

  /** A queued job cancelled before any worker claimed it: ended here as the processor ends a cancelled run. */
  private async endCancelled(jobId: string): Promise<void> {
    const job = await this.o.store.jobs.findById(jobId);
    if (!job) return;
    const message = 'Processing cancelled';
    await endUnpublished(
      this.o.store,
      job,
      { status: 'cancelled', message, processingMs: null },
      { error: message, finishedAt: new Date().toISOString(), durationMs: null },
    );
    this.o.events.finish(jobId, 'error', { message, type: 'error', category: 'complete' });
    await this.o.files?.jobEnded(job);
  }

  private sleep(): Promise<void> {
    return new Promise((r) => setTimeout(r, this.pollMs));
  }
}
