import { LocalJobFiles } from './local-job-files';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { generateIfcFixture } from '@aec/ifc';
import { createMongoStore } from '../../../store/mongo/mongo-store';
import { MongoJobLeases, type LeaseHold } from '../../../store/mongo/mongo-job-leases';
import type { JobDoc } from '../../../store/mongo/job-model';
import { readyVersionFields } from '../../../store/mongo/model-publishing';
import { VERSIONS_COLLECTION, type VersionDoc } from '../../../store/mongo/version-docs';
import type { JobRecord, Store } from '../../../store/types';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../../test/mongo-test-uri';
import { WORKER_PATH } from '../../../test/ifc-harness';
import { buildServerBundle } from '../../../test/spawn-server';
import { elementRow } from '../../../test/row-fixtures';
import { createIfcService, newProjectId } from '../ifc.service';
import { startVersion } from '../models/start-version';
import { JobClaimLoop } from './job-claim-loop';
import { MemoryJobEvents, type JobEvents } from './job-events';
import { JobProcessor } from './job-processor';
import { LeasedJobQueue } from './leased-job-queue';

// Small batches: the model takes many round trips on FerretDB, so a worker can be cut off mid-way.
const fixture = generateIfcFixture({ storeys: 8, bays: 5, seed: 16 });
const LEASE_MS = 3_000;
const logger = pino({ level: 'silent' });

/** A network cut: from now on this instance's lease calls never answer (as for a worker killed or partitioned). */
class CuttableLeases extends MongoJobLeases {
  cut = false;
  private readonly hung: (() => void)[] = [];
  private hang<T>(call: () => Promise<T>): Promise<T> {
    if (!this.cut) return call();
    return new Promise<T>((resolve) => this.hung.push(() => resolve(null as T)));
  }
  /** Test end: the hung calls answer "not yours any more", so the cut instance stops without writing. */
  heal(): void {
    this.hung.splice(0).forEach((answer) => answer());
  }
  override renew(hold: LeaseHold, leaseMs: number) {
    return this.hang(() => super.renew(hold, leaseMs));
  }
  override read(id: string) {
    return this.hang(() => super.read(id));
  }
}

interface Instance {
  id: string;
  queue: LeasedJobQueue;
  events: JobEvents;
  leases: CuttableLeases;
  store: Store;
  messages(jobId: string): Promise<string[]>;
}

const suite = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`leased job queue: skipped — ${mongoSkipReason}`);

suite('MongoDB leased job queue: two instances on one database', () => {
  jest.setTimeout(240_000);
  let store: Store;
  let dbName: string;
  let dataDir: string;
  const instances: Instance[] = [];
  /** What a test left hanging, ended before its instances close. */
  const cleanups: (() => void)[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(WORKER_PATH)) buildServerBundle();
    dbName = uniqueDbName('aec_leases');
    store = await createMongoStore(mongoTestUri!, { dbName });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-leases-'));
  });
  afterEach(async () => {
    cleanups.splice(0).forEach((end) => end());
    for (const i of instances.splice(0)) {
      i.leases.heal();
      await i.queue.close();
    }
  });
  afterAll(async () => {
    await store.mongoDb!.dropDatabase();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function instance(id: string, o: { store?: Store; queueLimit?: number } = {}): Instance {
    const s = o.store ?? store;
    // Each instance its own log: which instance wrote what is part of what these tests check.
    const events = new MemoryJobEvents();
    const leases = new CuttableLeases(s.mongoDb!);
    const processor = new JobProcessor({
      store: s,
      events,
      logger,
      workerPath: WORKER_PATH,
      concurrency: 1,
      queueLimit: 20,
      timeoutMs: 600_000,
      maxOldGenerationSizeMb: 512,
      batchSize: 5,
    });
    const loop = new JobClaimLoop({
      store: s,
      leases,
      processor,
      events,
      logger,
      files: null,
      instanceId: id,
      concurrency: 1,
      leaseMs: LEASE_MS,
      pollMs: 200,
    });
    const queue = new LeasedJobQueue({
      store: s,
      leases,
      events,
      logger,
      files: null,
      queueLimit: o.queueLimit ?? 20,
      leaseMs: LEASE_MS,
      processor,
      loop,
      pollMs: 100,
    });
    const made: Instance = {
      id,
      queue,
      events,
      leases,
      store: s,
      messages: async (jobId) => (await events.entriesAfter(jobId, 0)).map((e) => e.message),
    };
    instances.push(made);
    return made;
  }

  /** Uploads the fixture through an instance's service (as its upload route does) and returns the queued job. */
  async function startJob(on: Instance, name = 'Tür – Ω.ifc'): Promise<JobRecord> {
    const modelDir = path.join(dataDir, 'models');
    fs.mkdirSync(modelDir, { recursive: true });
    const projectId = newProjectId();
    const tempPath = path.join(modelDir, `${projectId}.part`);
    fs.writeFileSync(tempPath, fixture.text);
    const files = new LocalJobFiles(modelDir);
    const ifc = createIfcService({ store: on.store, processor: on.queue, events: on.events, files });
    const { job } = await ifc.startProject({
      projectId,
      ownerId: null,
      isPublic: false,
      fileName: name,
      tempPath,
      fileSize: fixture.text.length,
      schema: 'IFC4',
    });
    return job;
  }

  const jobDoc = (id: string) => store.mongoDb!.collection<JobDoc>('jobs').findOne({ _id: id });

  async function until(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectPublishedOnce(job: JobRecord): Promise<void> {
    const project = await store.projects.findById(job.projectId);
    expect(project).toMatchObject({ status: 'ready', elementCount: fixture.counts.totalProducts });
    expect(await store.rows.countElements(job.projectId, job.version)).toBe(fixture.counts.totalProducts);
  }

  it('gives each job to exactly one of two claiming instances, and either one can wait for it', async () => {
    const a = instance('inst-a');
    const b = instance('inst-b');
    a.queue.startClaiming();
    b.queue.startClaiming();
    const jobs = [await startJob(a), await startJob(b), await startJob(a)];
    // Waiting on the instance that did not receive the upload answers when the job ends, wherever it ran.
    expect(await Promise.all(jobs.map((j, n) => (n % 2 ? a : b).queue.waitFor(j.id)))).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    for (const job of jobs) {
      const doc = await jobDoc(job.id);
      expect(doc).toMatchObject({
        status: 'ready',
        attempt: 1,
        leaseOwner: expect.stringMatching(/^inst-[ab]$/),
      });
      await expectPublishedOnce(job);
      // Its log on the instance that ran it says it started once.
      const ranOn = doc!.leaseOwner === 'inst-a' ? a : b;
      expect((await ranOn.messages(job.id)).filter((m) => m === 'Processing started')).toHaveLength(1);
    }
  });

  it('a worker cut off mid-extraction loses its lease; the other re-runs the job from the start and publishes once', async () => {
    const a = instance('inst-a');
    const b = instance('inst-b');
    a.queue.startClaiming();
    const job = await startJob(a);
    await until(
      async () => (await store.rows.countAll(job.projectId, job.version)).elements > 0,
      'the first rows of inst-a',
    );
    a.leases.cut = true;
    b.queue.startClaiming();
    expect(await b.queue.waitFor(job.id)).toBe('ready');
    expect(await jobDoc(job.id)).toMatchObject({ status: 'ready', attempt: 2, leaseOwner: 'inst-b' });
    expect(await b.messages(job.id)).toEqual(
      expect.arrayContaining(['Processing restarted: the worker running it stopped responding']),
    );
    await expectPublishedOnce(job);
    // The cut-off worker, told its lease is gone, stops without writing a row more or recording an end.
    a.leases.heal();
    await until(async () => a.queue.heldJobs().length === 0, 'inst-a to let go');
    expect(await store.rows.countElements(job.projectId, job.version)).toBe(fixture.counts.totalProducts);
    expect(await a.events.outcome(job.id)).toBeNull();
  });

  it('a worker that published but died before recording ready: the takeover records it ready without publishing again', async () => {
    // inst-a's store hangs the "ready" write and cuts its lease calls at that moment: it has published, then dies.
    let published = 0;
    const dying: Store = Object.create(store);
    const jobs = Object.create(store.jobs) as Store['jobs'];
    const aLeases: { cut?: () => void } = {};
    jobs.update = async (id, patch) => {
      if (patch.status !== 'ready') return store.jobs.update(id, patch);
      aLeases.cut?.();
      // Never answers while the test runs; after it, fails like a dead connection (nothing is written).
      return new Promise<void>((_, reject) => cleanups.push(() => reject(new Error('connection closed'))));
    };
    const projects = Object.create(store.projects) as Store['projects'];
    projects.publish = async (...args) => {
      published++;
      return store.projects.publish(...args);
    };
    Object.defineProperty(dying, 'jobs', { value: jobs });
    Object.defineProperty(dying, 'projects', { value: projects });
    const a = instance('inst-a', { store: dying });
    aLeases.cut = () => {
      a.leases.cut = true;
    };
    const watched: Store = Object.create(store);
    Object.defineProperty(watched, 'projects', { value: projects });
    const b = instance('inst-b', { store: watched });
    a.queue.startClaiming();
    const job = await startJob(a);
    await until(async () => published === 1 && a.leases.cut, 'inst-a to publish');
    b.queue.startClaiming();
    expect(await b.queue.waitFor(job.id)).toBe('ready');
    expect(published).toBe(1);
    expect(await jobDoc(job.id)).toMatchObject({ status: 'ready', attempt: 2, leaseOwner: 'inst-b' });
    expect(await b.messages(job.id)).not.toContain(
      'Processing restarted: the worker running it stopped responding',
    );
    expect((await b.events.outcome(job.id))?.kind).toBe('complete');
    await expectPublishedOnce(job);
  });

  /**
   * An instance whose publish writes the version record as MongoDB's first write does, then dies before its model's
   * switch (its lease calls cut, the switch never answering).
   */
  function halfPublishing(id: string): { instance: Instance; halfway: () => boolean } {
    let halfway = false;
    const dying: Store = Object.create(store);
    const projects = Object.create(store.projects) as Store['projects'];
    projects.publish = async (projectId, version, summary) => {
      await store
        .mongoDb!.collection<VersionDoc>(VERSIONS_COLLECTION)
        .updateOne({ projectId, version }, { $set: readyVersionFields(summary) });
      made.leases.cut = true;
      halfway = true;
      return new Promise<void>((_, reject) => cleanups.push(() => reject(new Error('connection closed'))));
    };
    Object.defineProperty(dying, 'projects', { value: projects });
    const made = instance(id, { store: dying });
    return { instance: made, halfway: () => halfway };
  }

  async function expectTakenOverWithoutRestart(b: Instance, job: JobRecord): Promise<void> {
    expect(await b.queue.waitFor(job.id)).toBe('ready');
    expect(await jobDoc(job.id)).toMatchObject({ status: 'ready', attempt: 2, leaseOwner: 'inst-b' });
    expect(await b.messages(job.id)).not.toContain(
      'Processing restarted: the worker running it stopped responding',
    );
    await expectPublishedOnce(job);
    const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
    expect(await store.models.findById(job.projectId, version!.modelId)).toMatchObject({
      publishedVersion: job.version,
    });
  }

  it('a worker that died between the version’s ready record and its model’s switch: the takeover finishes the publish', async () => {
    const { instance: a, halfway } = halfPublishing('inst-a');
    const b = instance('inst-b');
    a.queue.startClaiming();
    const job = await startJob(a);
    await until(async () => halfway(), 'inst-a to publish halfway');
    expect(await store.projects.findById(job.projectId)).toMatchObject({ status: 'processing' });
    b.queue.startClaiming();
    await expectTakenOverWithoutRestart(b, job);
  });

  it('a version 2 published halfway: the takeover finishes it and makes its change summary', async () => {
    const c = instance('inst-c');
    c.queue.startClaiming();
    const first = await startJob(c);
    expect(await c.queue.waitFor(first.id)).toBe('ready');
    await c.queue.stopClaiming();
    const { modelId } = (await store.models.findVersionByRowVersion(first.projectId, first.version))!;

    const { instance: a, halfway } = halfPublishing('inst-a');
    a.queue.startClaiming();
    const filePath = path.join(dataDir, 'models', `${first.projectId}-v2.ifc`);
    const { job } = await startVersion(
      {
        store: a.store,
        processor: a.queue,
        events: a.events,
        files: new LocalJobFiles(path.dirname(filePath)),
      },
      {
        projectId: first.projectId,
        modelId,
        ownerId: null,
        fileName: 'Tür – Ω v2.ifc',
        fileSize: fixture.text.length,
        schema: 'IFC4',
        placeFile: async () => {
          fs.writeFileSync(filePath, fixture.text);
          return filePath;
        },
      },
    );
    await until(async () => halfway(), 'inst-a to publish version 2 halfway');
    const b = instance('inst-b');
    b.queue.startClaiming();
    await expectTakenOverWithoutRestart(b, job);
    // The change step its worker never set up runs after the takeover, against version 1.
    let version = await store.models.findVersionByRowVersion(job.projectId, job.version);
    await until(
      async () => {
        version = await store.models.findVersionByRowVersion(job.projectId, job.version);
        return version?.changes?.status === 'ready';
      },
      'the change summary of version 2',
      180_000,
    );
    expect(version!.number).toBe(2);
    expect(version!.changes).toMatchObject({
      previousVersionNumber: 1,
      added: 0,
      removed: 0,
      modified: 0,
      commonElements: fixture.counts.totalProducts,
    });
  });

  it('pause, resume and cancel asked on one instance reach the job running on the other', async () => {
    const a = instance('inst-a'); // API only: never claims
    const b = instance('inst-b');
    b.queue.startClaiming();
    const job = await startJob(a);
    expect(await a.queue.pause(job.id)).toBe(true);
    expect((await store.jobs.findById(job.id))!.status).toBe('paused');
    expect(await a.queue.pause(job.id)).toBe(false);
    const rows = (await store.rows.countAll(job.projectId, job.version)).elements;
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await store.rows.countAll(job.projectId, job.version)).elements).toBe(rows);
    expect((await store.jobs.findById(job.id))!.status).toBe('paused');
    expect(await a.queue.resume(job.id)).toBe(true);
    expect(await a.queue.waitFor(job.id)).toBe('ready');
    expect(await b.messages(job.id)).toEqual(
      expect.arrayContaining(['Processing paused', 'Processing resumed']),
    );
    await expectPublishedOnce(job);

    const doomed = await startJob(a);
    await until(async () => (await store.jobs.findById(doomed.id))!.status === 'processing', 'the claim');
    expect(await a.queue.cancel(doomed.id)).toBe(true);
    expect(await store.jobs.findById(doomed.id)).toMatchObject({ status: 'cancelled' });
    expect(await store.projects.findById(doomed.projectId)).toBeNull();
    expect(await store.rows.countAll(doomed.projectId, doomed.version)).toEqual({
      elements: 0,
      properties: 0,
      spatial: 0,
    });
    expect(await a.queue.resume(doomed.id)).toBe(false);
  });

  it('counts the queue limit over every instance: a third waiting job is refused with 503 and left nowhere', async () => {
    const a = instance('inst-a', { queueLimit: 1 }); // neither claims: jobs wait
    const b = instance('inst-b', { queueLimit: 1 });
    const first = await startJob(a);
    const refused = startJob(b, 'second.ifc');
    await expect(refused).rejects.toMatchObject({ status: 503, code: 'QUEUE_FULL' });
    await expect(refused).rejects.toMatchObject({ headers: { 'Retry-After': '60' } });
    const waiting = await store.jobs.listByStatus(['queued']);
    expect(waiting.map((j) => j.id)).toEqual([first.id]);
    // A waiting job cancelled on the other instance ends at once, with its project.
    expect(await b.queue.cancel(first.id)).toBe(true);
    expect(await store.jobs.findById(first.id)).toMatchObject({ status: 'cancelled' });
    expect(await store.projects.findById(first.projectId)).toBeNull();
  });

  it('fails nothing at start-up: a job a crash left processing is taken over, its stale rows removed first', async () => {
    const a = instance('inst-a', { queueLimit: 1 }); // not claiming yet: only admits the job
    const job = await startJob(a, 'crashed.ifc');
    // What a kill -9 of a version without leases leaves: the job processing, no lease, some rows of its version.
    await store
      .mongoDb!.collection<JobDoc>('jobs')
      .updateOne(
        { _id: job.id },
        { $set: { status: 'processing' }, $unset: { leaseUntil: '', attempt: '', enqueuedAt: '' } },
      );
    await store.rows.insertBatch(job.projectId, job.version, { elements: [elementRow(1), elementRow(2)] });
    const restarted = instance('inst-b');
    expect(await restarted.queue.recoverInterrupted()).toBe(0);
    expect((await store.jobs.findById(job.id))!.status).toBe('processing');
    restarted.queue.startClaiming();
    expect(await restarted.queue.waitFor(job.id)).toBe('ready');
    expect((await restarted.messages(job.id))[0]).toBe(
      'Processing restarted: the worker running it stopped responding',
    );
    await expectPublishedOnce(job);
  });
});
