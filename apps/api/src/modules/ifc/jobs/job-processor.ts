import { RUNNING_STATUSES } from '@aec/contracts';
import type { ExtractionSummary, RowBatch } from '@aec/ifc';
import type { Logger } from 'pino';
import { AppError, ServiceUnavailableError } from '../../../errors/app-error';
import type { JobRecord, JobStatus, Store } from '../../../store/types';
import { ExtractionFailure, runExtractionWorker, type ExtractionRun } from '../worker/run-extraction-worker';
import { SpareWorker } from '../worker/spare-worker';
import type { JobEvents } from './job-events';
import type { JobQueue } from './job-queue';
import { AfterPublishWork } from './after-publish-work';
import { JobGate } from './job-gate';
import { JobTimeline } from './job-timeline';
import { PUBLISHING_ENTRY, STARTED_ENTRY, progressEntry, storedEntries } from './progress-messages';
import type { ChangeStepTarget } from './change-step';
import { jobVersion, threadWriterTarget, type JobVersion } from './job-version';
import { endUnpublished, hasPublished } from './version-outcome';
import { recordJobEnd } from './job-end-recording';
import { JobCancelled, LeaseLost, VERSION_DELETED } from './job-stop-reasons';
import { afterVersionPublished, publishJobVersion, recordVersionWarnings } from './version-publishing';

export interface JobProcessorOptions {
  store: Store;
  events: JobEvents;
  logger: Logger;
  workerPath: string;
  /** The row-writer thread's bundle: used when the store can be written from another thread. */
  writerPath?: string;
  wasmPath?: string;
  concurrency: number;
  queueLimit: number;
  timeoutMs: number;
  maxOldGenerationSizeMb: number;
  batchSize: number;
  /** Which extractor the workers run (IFC_EXTRACTOR); the streaming one when absent. */
  extractor?: 'step' | 'web-ifc';
  /**
   * IFC_SPARE_REHEARSAL on: where the next job's worker, started once no job runs and no post-publish step either,
   * writes the model it rehearses on (spare-rehearsal.ts; DATA_DIR/work). Streaming extractor only.
   */
  rehearsalDir?: string;
}

/** What a claim loop (job-claim-loop.ts) adds to a job it runs under a MongoDB lease. */
export interface RunLease {
  /** The model file as a local path the worker thread reads (a download of a GridFS file, or the file itself). */
  inputPath: string;
  /** Resolves while the lease is ours, so rows may be written; rejects with LeaseLost otherwise. */
  beforeWrite(): Promise<void>;
  /** The publish fence: confirms the lease with MongoDB right before publishing; rejects with LeaseLost. */
  beforePublish(): Promise<void>;
}

interface ActiveJob {
  job: JobRecord;
  run?: ExtractionRun;
  gate: JobGate;
  startedMs: number;
  timeline: JobTimeline;
  /** The model version the job builds (null until the job starts; a job without one is cancelled). */
  target: JobVersion | null;
  /** Set once published, for a model's version 2 onwards: what the post-publish change step compares. */
  change: ChangeStepTarget | null;
  /** Status writes run one after another, so a pause that lands while the job starts is not overwritten. */
  statusWrites: Promise<void>;
  lease: RunLease | null;
}

/**
 * The processing queue: runs at most `concurrency` jobs at once, each in its own worker thread, and streams the
 * rows into the store under the job's version. A job becomes visible only through the store's atomic publish.
 */
export class JobProcessor implements JobQueue {
  private readonly waiting: JobRecord[] = [];
  private readonly active = new Map<string, ActiveJob>();
  private readonly finished = new Map<string, Promise<JobStatus | null>>();
  private readonly resolvers = new Map<string, (s: JobStatus | null) => void>();
  private readonly afterPublish: AfterPublishWork;
  private closed = false;

  private readonly spare: SpareWorker;

  constructor(private readonly o: JobProcessorOptions) {
    this.spare = new SpareWorker(o.workerPath, o.maxOldGenerationSizeMb, (report) =>
      o.logger.debug({ rehearsal: report }, 'spare worker rehearsed'),
    );
    this.afterPublish = new AfterPublishWork(o.store, o.logger, undefined, o.events, () =>
      this.rehearseWhenIdle(),
    );
  }

  /**
   * With nothing running (no job, none waiting, no post-publish step), the next job's worker is started and rehearses
   * now, rather than compiling its code in the job's first seconds; an upload or job that comes stops it.
   */
  private rehearseWhenIdle(): void {
    if (!this.o.rehearsalDir || this.o.extractor === 'web-ifc' || this.closed) return;
    if (this.active.size || this.waiting.length || !this.afterPublish.idle) return;
    this.spare.warm({ rehearseIn: this.o.rehearsalDir });
  }

  /** An upload is arriving: start its extraction worker now, so loading it overlaps the upload. */
  warmUp(): void {
    if (!this.closed) this.spare.warm();
  }

  /**
   * The upload at `path` is read by the spare as it arrives when its job will be the next to start: nothing runs or
   * waits here now. The streaming extractor only (web-ifc reads a file whole).
   */
  readArriving(path: string): Int32Array | null {
    if (this.closed || this.o.extractor === 'web-ifc' || this.active.size || this.waiting.length) return null;
    return this.spare.readArriving(path);
  }

  get queueLength(): number {
    return this.waiting.length;
  }

  /** Always running its jobs: nothing to start. */
  startClaiming(): void {}

  /**
   * Runs a job a claim loop claimed from MongoDB (never queued here): resolves with its final status, or null when
   * the lease was lost or handed back and nothing was recorded.
   */
  runClaimed(job: JobRecord, lease: RunLease): Promise<JobStatus | null> {
    const done = new Promise<JobStatus | null>((resolve) => this.resolvers.set(job.id, resolve));
    this.finished.set(job.id, done);
    void this.run(job, lease);
    return done;
  }

  /** Stops a leased run at once without recording anything (its lease is gone, or handed back on shutdown). */
  abandon(jobId: string, reason: LeaseLost): void {
    const running = this.active.get(jobId);
    if (!running) return;
    running.gate.stop(reason);
  }

  enqueue(job: JobRecord): void {
    if (this.closed) throw new ServiceUnavailableError('The server is shutting down; try again shortly.');
    if (this.waiting.length >= this.o.queueLimit) {
      throw new AppError(503, 'QUEUE_FULL', 'The processing queue is full. Please try again in a minute.', {
        'Retry-After': '60',
      });
    }
    this.finished.set(job.id, new Promise((resolve) => this.resolvers.set(job.id, resolve)));
    this.waiting.push(job);
    const position = this.waiting.length + this.active.size;
    this.o.events.append(job.id, {
      message: position > 1 ? `Queued for processing (position ${position})` : 'Queued for processing',
      type: 'info',
      category: 'upload',
      progress: 10,
    });
    this.pump();
  }

  /**
   * The post-publish step of a version published without a running job: again by a rollback, when its wide set is
   * gone, or by a worker that died (a takeover), with the change step it still needs.
   */
  preparePublished(projectId: string, version: number, change: ChangeStepTarget | null = null): void {
    if (!this.closed) this.afterPublish.prepare(projectId, version, change);
  }

  /** Whether a version's post-publish step runs in this process now (the start-up pass leaves it to it). */
  preparing(projectId: string, version: number): boolean {
    return this.afterPublish.busyWith(projectId, version);
  }

  /** Resolves with the job's final status once it has one (immediately when it is not in this process). */
  waitFor(jobId: string): Promise<JobStatus | null> {
    return this.finished.get(jobId) ?? Promise.resolve(null);
  }

  /** The ids of the jobs this process is running now (paused ones included), for /health. */
  heldJobs(): string[] {
    return [...this.active.keys()];
  }

  isActive(jobId: string): boolean {
    return this.active.has(jobId) || this.waiting.some((j) => j.id === jobId);
  }

  async pause(jobId: string): Promise<boolean> {
    const running = this.active.get(jobId);
    if (!running || running.gate.paused) return false;
    running.gate.paused = true;
    running.run?.pause();
    await this.writeStatus(running, () => 'paused');
    this.o.events.append(jobId, { message: 'Processing paused', type: 'info', category: 'extract' });
    return true;
  }

  async resume(jobId: string): Promise<boolean> {
    const running = this.active.get(jobId);
    if (!running || !running.gate.paused) return false;
    running.gate.paused = false;
    running.run?.resume();
    await this.writeStatus(running, () => 'processing');
    this.o.events.append(jobId, { message: 'Processing resumed', type: 'info', category: 'extract' });
    running.gate.wake();
    return true;
  }

  async cancel(jobId: string): Promise<boolean> {
    const index = this.waiting.findIndex((j) => j.id === jobId);
    if (index >= 0) {
      const [job] = this.waiting.splice(index, 1);
      await this.settle(job!, new JobCancelled());
      return true;
    }
    const running = this.active.get(jobId);
    if (!running) return false;
    running.gate.stop(new JobCancelled());
    await this.waitFor(jobId);
    return true;
  }

  /** Start-up: jobs a crash left unfinished are failed and their partial rows removed. */
  async recoverInterrupted(): Promise<number> {
    const stale = await this.o.store.jobs.listByStatus(RUNNING_STATUSES);
    for (const job of stale) {
      const message = 'Processing was interrupted by a server restart. Please upload the model again.';
      await endUnpublished(
        this.o.store,
        job,
        { status: 'failed', message, processingMs: null },
        { error: 'Interrupted by a server restart', finishedAt: new Date().toISOString() },
      );
    }
    return stale.length;
  }

  /** Shutdown: refuse new work, stop workers; their jobs end failed with their rows removed. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0))
      await this.settle(
        job,
        new ExtractionFailure('SHUTDOWN', 'The server shut down before processing started.'),
      );
    const running = [...this.active.values()];
    for (const r of running)
      r.gate.stop(new ExtractionFailure('SHUTDOWN', 'The server shut down during processing.'));
    await Promise.all(running.map((r) => this.waitFor(r.job.id)));
    await Promise.all([this.afterPublish.stop(), this.spare.close()]);
  }

  private pump(): void {
    while (!this.closed && this.active.size < this.o.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      void this.run(job);
    }
  }

  private async run(job: JobRecord, lease: RunLease | null = null): Promise<void> {
    const state: ActiveJob = {
      job,
      gate: new JobGate(),
      startedMs: Date.now(),
      timeline: new JobTimeline(Date.parse(job.createdAt)),
      target: null,
      change: null,
      statusWrites: Promise.resolve(),
      lease,
    };
    state.timeline.mark('started', state.startedMs);
    this.active.set(job.id, state);
    const stopClock = state.gate.startClock(this.o.timeoutMs);
    let outcome: ExtractionSummary | Error;
    try {
      const target = await jobVersion(this.o.store, job);
      if (!target) throw new JobCancelled(VERSION_DELETED);
      state.target = target;
      const startedAt = new Date().toISOString();
      await this.writeStatus(state, () => (state.gate.paused ? 'paused' : 'processing'), { startedAt });
      this.o.events.append(job.id, STARTED_ENTRY);
      outcome = await this.extract(state, target);
    } catch (err) {
      outcome = err as Error;
    } finally {
      stopClock();
    }
    const status = await this.settle(job, outcome, state);
    state.timeline.mark('settled');
    // Only now, with the job recorded as ready, may the work after publishing take the write lock (a shutdown that
    // began meanwhile has already swept the background builds: this one is not started).
    if (state.run && !(outcome instanceof Error)) {
      if (status === 'ready' && !this.closed) this.afterPublish.start(job, state.run, state.change);
      else state.run.stopAfterwards();
    }
    this.o.logger.debug({ jobId: job.id, timeline: state.timeline.toJSON() }, 'job timeline');
    this.active.delete(job.id);
    this.pump();
    this.rehearseWhenIdle();
  }

  private async extract(state: ActiveJob, target: JobVersion): Promise<ExtractionSummary> {
    const { job } = state;
    const onBatch = async (batch: RowBatch) => {
      await state.gate.holdWhilePaused();
      await state.lease?.beforeWrite();
      await this.o.store.rows.insertBatch(job.projectId, job.version, batch, target.rowContext);
    };
    const threadWriter = threadWriterTarget(this.o.store, this.o.writerPath, job, target);
    state.run = runExtractionWorker({
      workerPath: this.o.workerPath,
      spare: this.spare,
      input: {
        filePath: state.lease?.inputPath ?? job.filePath,
        batchSize: this.o.batchSize,
        wasmPath: this.o.wasmPath,
        extractor: this.o.extractor,
      },
      maxOldGenerationSizeMb: this.o.maxOldGenerationSizeMb,
      signal: state.gate.signal,
      onProgress: (p) => this.o.events.append(job.id, progressEntry(p)),
      onBatch,
      timeline: state.timeline,
      ...(threadWriter ? { threadWriter } : {}),
    });
    if (state.gate.paused) state.run.pause();
    const { summary, stored } = await state.run.done;
    for (const entry of storedEntries(summary, stored)) this.o.events.append(job.id, entry);
    await recordVersionWarnings(this.o.store, this.o.events, job, target, summary).catch((err: unknown) =>
      this.o.logger.warn({ err, jobId: job.id }, "could not record the version's warnings"),
    );
    // A pause that lands once every row is stored (a small model's rows are stored within moments) holds the job
    // here: its version is not published before it is resumed.
    await state.gate.holdWhilePaused();
    this.o.events.append(job.id, PUBLISHING_ENTRY);
    try {
      await state.lease?.beforePublish();
      if (!(await this.o.store.models.findVersionByRowVersion(job.projectId, job.version)))
        throw new JobCancelled(VERSION_DELETED);
      await publishJobVersion(this.o.store, job, target, summary);
    } catch (err) {
      // The writer thread waits for the publish before building anything more: nothing left to build.
      state.run.stopAfterwards();
      throw err;
    }
    state.timeline.mark('published');
    // The version is served now: a problem with what follows must not fail its job.
    state.change = await afterVersionPublished(this.o.store, job, target).catch((err: unknown) => {
      this.o.logger.error({ err, jobId: job.id }, 'could not prepare the change step of a published version');
      return null;
    });
    return summary;
  }

  private async settle(
    job: JobRecord,
    outcome: ExtractionSummary | Error,
    state?: ActiveJob,
  ): Promise<JobStatus | null> {
    // An end that removes rows is written only by the lease's holder: a worker cut off long enough for another to
    // take the job over must not delete what the other is writing (or has published).
    if (outcome instanceof Error && !(await this.stillHeld(state))) outcome = new LeaseLost();
    if (outcome instanceof LeaseLost) {
      // Another worker holds the job now (or will): it records the end, not this one.
      this.o.logger.warn(
        { jobId: job.id, reason: outcome.message },
        'stopped a job without recording its end',
      );
      this.resolvers.get(job.id)?.(null);
      this.resolvers.delete(job.id);
      return null;
    }
    const status = await recordJobEnd(
      this.o,
      job,
      outcome,
      { startedMs: state ? state.startedMs : null, hadVersion: !!state?.target },
      () => this.stillHeld(state),
    );
    this.resolvers.get(job.id)?.(status);
    this.resolvers.delete(job.id);
    return status;
  }

  /** False when the run is leased and MongoDB says the lease is someone else's now (true without a lease). */
  private async stillHeld(state: ActiveJob | undefined): Promise<boolean> {
    try {
      await state?.lease?.beforePublish();
      return true;
    } catch (err) {
      // Any other error (MongoDB unreachable): recorded as before; the lease check is for a takeover only.
      return !(err instanceof LeaseLost);
    }
  }

  /** Queues a status write behind the job's earlier ones; `status` is read when the write runs. */
  private writeStatus(
    state: ActiveJob,
    status: () => JobStatus,
    extra: { startedAt?: string } = {},
  ): Promise<void> {
    const write = state.statusWrites.then(() => this.setStatus(state.job, status(), extra));
    state.statusWrites = write.catch(() => undefined);
    return write;
  }

  private async setStatus(
    job: JobRecord,
    status: JobStatus,
    extra: { startedAt?: string } = {},
  ): Promise<void> {
    await this.o.store.jobs.update(job.id, { status, ...extra });
    // The version's history shows its job's state too (it was "queued" until the job ended).
    await this.o.store.models.updateVersion(job.projectId, job.version, { status });
    const project = await this.o.store.projects.findById(job.projectId);
    if (project && !(await hasPublished(this.o.store, project.id)))
      await this.o.store.projects.setStatus(job.projectId, status);
  }
}
