import type { Logger } from 'pino';
import type { JobRecord, Store } from '../../../store/types';
import type { ExtractionRun } from '../worker/run-extraction-worker';
import { runChangeStep, type ChangeStepTarget } from './change-step';
import type { JobEvents } from './job-events';
import { failureReason, MAX_PREPARATION_ATTEMPTS, RETRY_DELAY_MS } from './post-publish-state';
import { createStoppablePauses } from './stoppable-pauses';

/**
 * What follows a job's publish, off its critical path: the wide element set (and, on SQLite, the feed's JSON check)
 * built from the stored rows. A row-writer thread goes on to do it; without one (MongoDB) it runs here, one version
 * at a time since those builds share this thread's event loop and connection. The project serves its other sets
 * meanwhile; the wide set appears in its $metadata once built.
 *
 * A failed attempt is recorded with its reason and retried here, up to MAX_PREPARATION_ATTEMPTS in all; then the
 * version's wide set counts as failed and the project and the feed say why (post-publish-state.ts).
 *
 * For a model's version 2 onwards, the change step compares it with the model's previous retained version first
 * (change-step.ts), with its own recorded failures and retries; the wide set is built after its first attempt.
 */
export class AfterPublishWork {
  /** Work still running after its job ended, with the run that can stop it. */
  private readonly running = new Map<Promise<void>, ExtractionRun>();
  /** Steps of versions published again by a rollback (prepare), which have no run to stop. */
  private readonly republished = new Set<Promise<void>>();
  private local: Promise<string | null> = Promise.resolve(null);
  private stopped = false;
  private readonly pauses = createStoppablePauses();
  /** `projectId:version` of the versions whose step runs here now, with how many steps each. */
  private readonly versionsInFlight = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    private readonly retryDelayMs = RETRY_DELAY_MS,
    private readonly events: JobEvents | null = null,
    /** Called whenever the last step running here ends. */
    private readonly onIdle: () => void = () => undefined,
  ) {}

  /** Whether no post-publish step runs here now. */
  get idle(): boolean {
    return this.versionsInFlight.size === 0;
  }

  start(job: JobRecord, run: ExtractionRun, change: ChangeStepTarget | null = null): void {
    const tracked = this.changesThenWide(
      change,
      () => {
        run.startAfterwards();
        return this.follow(job, run.afterwards ?? this.buildHere(job.projectId, job.version), 1);
      },
      { jobId: job.id },
    );
    this.track(job.projectId, job.version, tracked);
    this.running.set(tracked, run);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Whether a version's post-publish step (change step, wide set, their retries) runs here now. */
  busyWith(projectId: string, version: number): boolean {
    return this.versionsInFlight.has(`${projectId}:${version}`);
  }

  private track(projectId: string, version: number, step: Promise<void>): void {
    const key = `${projectId}:${version}`;
    this.versionsInFlight.set(key, (this.versionsInFlight.get(key) ?? 0) + 1);
    void step.finally(() => {
      const left = (this.versionsInFlight.get(key) ?? 1) - 1;
      if (left) this.versionsInFlight.set(key, left);
      else this.versionsInFlight.delete(key);
      if (this.idle) this.onIdle();
    });
  }

  /**
   * The change step's first attempt, then the wide set's build and its retries, started once (a shutdown before it
   * leaves it to the start-up pass). The change step goes first so the wide set copies the elements' carried-over
   * ChangedAt instead of being corrected after. It never holds the wide set back longer: a failed attempt starts
   * the build before it is retried (its retries then correct the built set).
   */
  private changesThenWide(
    change: ChangeStepTarget | null,
    build: () => Promise<void>,
    context: Record<string, unknown>,
  ): Promise<void> {
    let wide: Promise<void> | null = null;
    const buildWide = () => {
      if (!wide && this.stopped) return Promise.resolve();
      wide ??= build();
      return wide;
    };
    const changes = change && !this.stopped ? this.compare(change, buildWide) : Promise.resolve();
    return changes
      .catch((err: unknown) => this.logger.error({ err, ...context }, 'recording the change step failed'))
      .then(buildWide)
      .catch((err: unknown) =>
        this.logger.error({ err, ...context }, 'recording the post-publish step failed'),
      );
  }

  /**
   * Whether the version is still its own model's published one (in a federated project, another model's publish
   * moves the project's newest version on, not this model's). A version without a record is from before models:
   * the project's published version then.
   */
  private async stillPublished(projectId: string, version: number): Promise<boolean> {
    const project = await this.store.projects.findById(projectId);
    if (!project) return false;
    const record = await this.store.models.findVersionByRowVersion(projectId, version);
    if (!record) return project.version === version;
    const model = await this.store.models.findById(projectId, record.modelId);
    return model?.publishedVersion === version;
  }

  /**
   * A version published without a running job: again by a rollback, its wide set gone (its step found it replaced
   * and kept none), or by a worker that died before its step (a takeover; then with the change step it still needs,
   * first, as in start). The step runs here, with the same recorded failures and retries.
   */
  prepare(projectId: string, version: number, change: ChangeStepTarget | null = null): void {
    if (this.stopped) return;
    const tracked = this.changesThenWide(
      change,
      () =>
        this.follow({ id: change?.jobId ?? null, projectId, version }, this.buildHere(projectId, version), 1),
      { projectId, version },
    );
    this.track(projectId, version, tracked);
    this.republished.add(tracked);
    void tracked.finally(() => this.republished.delete(tracked));
  }

  /** One attempt on this thread, queued behind the others; resolves with the reason it failed, or null. */
  private buildHere(projectId: string, version: number): Promise<string | null> {
    this.local = this.local.then(() =>
      this.store.rows.buildWideElements(projectId, version, { isCancelled: () => this.stopped }).then(
        () => null,
        (err: unknown) => failureReason(err),
      ),
    );
    return this.local;
  }

  /** Records how an attempt ended; retries a failed one until the attempts are used up. */
  private async follow(
    job: Pick<JobRecord, 'projectId' | 'version'> & { id: string | null },
    attempt: Promise<string | null>,
    attemptNo: number,
  ): Promise<void> {
    const { projectId, version } = job;
    let failure = await attempt;
    // Shutdown cancels the step on purpose: the start-up pass completes it next time.
    if (this.stopped) return;
    if (failure === null) {
      if (await this.store.rows.wideCatalog(projectId, version)) return;
      // No catalog and no reason: either a newer version of its model made this one obsolete (nothing to do), or
      // the writer thread ended without finishing (a crash), which is a failure like any other.
      if (!(await this.stillPublished(projectId, version))) return;
      failure = 'the post-publish step ended without building the wide element set';
    }
    const attempts = await this.store.rows.recordPreparationFailure(projectId, version, failure);
    const final = attempts === 0 || attempts >= MAX_PREPARATION_ATTEMPTS;
    this.logger.error(
      { jobId: job.id, projectId, version, failure, attempts, attemptNo },
      final
        ? 'building the wide element set failed for good'
        : 'building the wide element set failed; retrying',
    );
    if (final) return;
    await this.pauses.pause(this.retryDelayMs * attempts);
    if (this.stopped) return;
    await this.follow(job, this.buildHere(projectId, version), attemptNo + 1);
  }

  /**
   * The change step of a version, before its wide set (never at the same time, so the two do not contend for the
   * store); its retries wait for the wide set.
   */
  private compare(change: ChangeStepTarget, buildWide: () => Promise<void>): Promise<void> {
    return runChangeStep(this.store, this.logger, this.events, change, {
      isStopped: () => this.stopped,
      pause: (ms) => this.pauses.pause(ms),
      retryDelayMs: this.retryDelayMs,
      beforeRetry: buildWide,
    });
  }

  /** Settles once the work started so far has ended, retries included (tests wait on it). */
  async settled(): Promise<void> {
    await Promise.all(this.running.keys());
  }

  /**
   * Shutdown: builds stop between transactions and leave nothing behind; the start-up pass completes those
   * versions next time (complete-preparation.ts).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pauses.cutShort();
    for (const run of this.running.values()) run.stopAfterwards();
    await Promise.all([...this.running.keys(), ...this.republished]);
  }
}
