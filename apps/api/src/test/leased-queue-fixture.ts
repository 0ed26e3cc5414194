import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { generateIfcFixture } from '@aec/ifc';
import { createMongoStore } from '../store/mongo/mongo-store';
import { MongoJobLeases, type LeaseHold } from '../store/mongo/mongo-job-leases';
import type { JobDoc } from '../store/mongo/job-model';
import type { JobRecord, Store } from '../store/types';
import { createIfcService, newProjectId } from '../modules/ifc/ifc.service';
import { JobClaimLoop } from '../modules/ifc/jobs/job-claim-loop';
import { MemoryJobEvents, type JobEvents } from '../modules/ifc/jobs/job-events';
import { JobProcessor } from '../modules/ifc/jobs/job-processor';
import { LeasedJobQueue } from '../modules/ifc/jobs/leased-job-queue';
import { LocalJobFiles } from '../modules/ifc/jobs/local-job-files';
import { WORKER_PATH } from './ifc-harness';
import { mongoTestUri, uniqueDbName } from './mongo-test-uri';
import { buildServerBundle } from './spawn-server';
import { until } from './until';

// Small batches: the model takes many round trips on FerretDB, so a worker can be cut off mid-way.
export const leasedFixture = generateIfcFixture({ storeys: 8, bays: 5, seed: 16 });
const fixture = leasedFixture;
const LEASE_MS = 3_000;
const logger = pino({ level: 'silent' });

/** A network cut: from now on this instance's lease calls never answer (as for a worker killed or partitioned). */
export class CuttableLeases extends MongoJobLeases {
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

export interface Instance {
  id: string;
  queue: LeasedJobQueue;
  events: JobEvents;
  leases: CuttableLeases;
  store: Store;
  messages(jobId: string): Promise<string[]>;
}

/**
 * Instances of the leased job queue on one throwaway MongoDB database, as separate API processes would run them
 * (use inside a describe that runs only with mongoTestUri): each with its own claim loop, lease calls that a test can
 * cut, and its own event log. Instances made by a test are closed after it; what it left hanging (`cleanups`) ends
 * first.
 */
export function leasedQueueFixture() {
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

  async function expectPublishedOnce(job: JobRecord): Promise<void> {
    const project = await store.projects.findById(job.projectId);
    expect(project).toMatchObject({ status: 'ready', elementCount: fixture.counts.totalProducts });
    expect(await store.rows.countElements(job.projectId, job.version)).toBe(fixture.counts.totalProducts);
  }

  return {
    get store() {
      return store;
    },
    get dataDir() {
      return dataDir;
    },
    cleanups,
    instance,
    startJob,
    jobDoc,
    /** Mongo round trips (FerretDB scans): look every 100 ms, for up to two minutes unless told. */
    until: (check: () => Promise<boolean>, what: string, ms = 120_000) =>
      until(check, what, { ms, everyMs: 100 }),
    expectPublishedOnce,
  };
}
