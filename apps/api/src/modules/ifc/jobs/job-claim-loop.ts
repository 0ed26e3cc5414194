import type { Logger } from 'pino';
import type { JobRecord, Store } from '../../../store/types';
import { MongoJobLeases, type ClaimedJob, type LeaseState } from '../../../store/mongo/mongo-job-leases';
import type { JobEvents } from './job-events';
import type { JobFiles } from './job-files';
import type { JobProcessor, RunLease } from './job-processor';
import { LeaseLost } from './job-stop-reasons';
import { changeStepAfterTakeover, finishPublish } from './published-takeover';

export interface JobClaimLoopOptions {
  store: Store;
  leases: MongoJobLeases;
  processor: JobProcessor;
  events: JobEvents;
  logger: Logger;
  /** Where the worker reads a job's model file from; without it, the job's filePath is a local file. */
  files: JobFiles | null;
  instanceId: string;
  /** Jobs this instance runs at once (JOB_CONCURRENCY). */
  concurrency: number;
  leaseMs: number;
  /** How often an idle worker looks for a job, and a holder for a pause, resume or cancel request. */
  pollMs?: number;
}

/** A claimed job while this worker runs it. */
interface Held {
  job: JobRecord;
  /** The claim: its attempt number fences every renewal. */
  claim: ClaimedJob;
  /** The lease is ours until then (as last confirmed by MongoDB); rows are written only before it. */
  confirmedUntil: number;
  lastRenewal: number;
  lost: boolean;
  /** Control requests wait until the run exists to apply them to. */
  started: boolean;
}

const RESTARTED = 'Processing restarted: the worker running it stopped responding';

/**
 * The worker side of the leased queue on MongoDB: while it has capacity it claims the oldest waiting job (or one
 * whose holder's lease ran out), runs it through the JobProcessor, renews the lease every third of its length,
 * applies the pause, resume and cancel requests left on the job document, and fences the publish with a last check
 * of the lease. A renewal that matches nothing means another worker has the job: this run stops writing at once.
 */
export class JobClaimLoop {
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private running = false;
  private readonly runs = new Set<Promise<void>>();

  constructor(private readonly o: JobClaimLoopOptions) {}

  private get pollMs(): number {
    return this.o.pollMs ?? 500;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const tick = () => {
      this.nudge();
      if (this.running) this.timer = setTimeout(tick, this.pollMs * 2).unref();
    };
    tick();
  }

  /** Looks for work now (a job was just admitted on this instance). */
  nudge(): void {
    if (!this.running || this.claiming) return;
    this.claiming = this.claimWhileFree()
      .catch((err: unknown) => this.o.logger.error({ err }, 'claiming a job failed'))
      .finally(() => {
        this.claiming = null;
      });
  }

  heldJobs(): string[] {
    return [...this.held.keys()];
  }

  /**
   * Stops claiming and hands the jobs it holds back: they stop without recording anything and their leases are
   * released, so another worker runs them from the start without waiting for the lease to run out.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.claiming;
    for (const id of this.held.keys())
      this.o.processor.abandon(id, new LeaseLost('This worker shut down; another one takes the job over'));
    await Promise.all([...this.runs]);
  }

  private async claimWhileFree(): Promise<void> {
    while (this.running && this.held.size < this.o.concurrency) {
      const claimed = await this.o.leases.claim(this.o.instanceId, this.o.leaseMs);
      if (!claimed) return;
      const job = await this.o.store.jobs.findById(claimed.id);
      if (!job) continue;
      const held: Held = {
        job,
        claim: claimed,
        confirmedUntil: Date.now() + this.o.leaseMs,
        lastRenewal: Date.now(),
        lost: false,
        started: false,
      };
      this.held.set(job.id, held);
      const run = this.runHeld(held, claimed)
        .catch((err: unknown) => this.o.logger.error({ err, jobId: job.id }, 'a claimed job failed to run'))
        .finally(() => {
          this.held.delete(job.id);
          this.runs.delete(run);
          this.nudge();
        });
      this.runs.add(run);
    }
  }

  private async runHeld(held: Held, claimed: ClaimedJob): Promise<void> {
    const { job } = held;
    let watching = true;
    const watch = this.watch(held, () => watching);
    try {
      // Run before (a lease that ran out, or a job left processing by a version without leases): take it over.
      const ranBefore = claimed.attempt > 1 || claimed.previousStatus !== 'queued';
      if (ranBefore && (await this.takeOver(job))) return;
      const copy = this.o.files ? await this.o.files.localCopy(job) : null;
      try {
        if (!this.running) return; // shut down meanwhile: handed back untouched
        const done = this.o.processor.runClaimed(job, this.lease(held, copy?.path ?? job.filePath));
        held.started = true;
        if (claimed.previousStatus === 'paused' && claimed.control !== 'resume')
          await this.o.processor.pause(job.id);
        const status = await done;
        if (status !== null) await this.o.files?.jobEnded(job);
      } finally {
        await copy?.release();
      }
    } finally {
      watching = false;
      await watch;
      await this.o.leases.release(claimed, held.lost || !this.running);
    }
  }

  /**
   * A job another worker held before: if that worker published it and stopped before recording it ready, it is
   * recorded ready now without publishing again (true); else its unpublished rows go and it runs from the start.
   */
  private async takeOver(job: JobRecord): Promise<boolean> {
    const { store, events } = this.o;
    const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
    const project = await store.projects.findById(job.projectId);
    const published = version
      ? version.status === 'ready'
      : project?.version === job.version && project.status === 'ready';
    if (published) {
      // What the dead worker did not get to after its publish: the model's switch, the change step's setup.
      const served = version ? await finishPublish(store, version) : null;
      const change = served ? await changeStepAfterTakeover(store, job, served) : null;
      const elements = version?.elementCount ?? project?.elementCount ?? 0;
      await store.jobs.update(job.id, { status: 'ready', finishedAt: new Date().toISOString() });
      events.finish(job.id, 'complete', {
        message: `Processing complete: ${elements} elements extracted, OData endpoint ready`,
        type: 'success',
        category: 'complete',
        progress: 100,
      });
      this.o.processor.preparePublished(job.projectId, job.version, change);
      await this.o.files?.jobEnded(job);
      return true;
    }
    await store.rows.deleteVersion(job.projectId, job.version);
    events.append(job.id, { message: RESTARTED, type: 'info', category: 'parse' });
    return false;
  }

  private lease(held: Held, inputPath: string): RunLease {
    const confirm = async () => {
      if (held.lost) throw new LeaseLost();
      const state = await this.o.leases.renew(held.claim, this.o.leaseMs);
      this.renewed(held, state);
      if (held.lost) throw new LeaseLost();
    };
    return {
      inputPath,
      beforeWrite: async () => {
        // Rows are written only while the lease is known to be ours; past that, MongoDB is asked first.
        if (held.lost || Date.now() >= held.confirmedUntil) await confirm();
      },
      beforePublish: confirm,
    };
  }

  private renewed(held: Held, state: LeaseState | null): void {
    if (state && state.attempt === held.claim.attempt) {
      held.lastRenewal = Date.now();
      held.confirmedUntil = state.leaseUntil ? state.leaseUntil.getTime() : 0;
      return;
    }
    if (!held.lost) {
      held.lost = true;
      this.o.processor.abandon(held.job.id, new LeaseLost());
    }
  }

  /** Renews the lease and applies control requests until the run ends (one MongoDB call at a time). */
  private async watch(held: Held, watching: () => boolean): Promise<void> {
    const { leases, leaseMs } = this.o;
    while (watching() && !held.lost) {
      try {
        let state: LeaseState | null;
        if (Date.now() - held.lastRenewal >= leaseMs / 3) {
          state = await leases.renew(held.claim, leaseMs);
          this.renewed(held, state);
        } else {
          state = await leases.read(held.job.id);
          if (!state || state.attempt !== held.claim.attempt) this.renewed(held, null);
        }
        if (state?.control && held.started && !held.lost && watching()) await this.apply(held.job.id, state);
      } catch (err) {
        // A passing MongoDB error: the lease still runs until confirmedUntil, and the next round retries.
        this.o.logger.warn({ err, jobId: held.job.id }, 'renewing a job lease failed');
      }
      await new Promise((r) => setTimeout(r, this.pollMs).unref());
    }
  }

  private async apply(jobId: string, state: LeaseState): Promise<void> {
    const control = state.control!;
    if (control === 'cancel') {
      // The cancel's end (rows removed, job recorded cancelled) runs while this loop keeps renewing the lease.
      void this.o.processor.cancel(jobId);
      await this.o.leases.acknowledge(jobId, control);
      return;
    }
    await this.o.processor[control](jobId);
    await this.o.leases.acknowledge(jobId, control);
  }
}
