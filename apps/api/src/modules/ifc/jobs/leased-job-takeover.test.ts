import fs from 'node:fs';
import path from 'node:path';
import { readyVersionFields } from '../../../store/mongo/model-publishing';
import { VERSIONS_COLLECTION, type VersionDoc } from '../../../store/mongo/version-docs';
import type { JobRecord, Store } from '../../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../../test/mongo-test-uri';
import {
  leasedFixture as fixture,
  leasedQueueFixture,
  type Instance,
} from '../../../test/leased-queue-fixture';
import { startVersion } from '../models/start-version';
import { LocalJobFiles } from './local-job-files';

const suite = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`leased job takeover: skipped — ${mongoSkipReason}`);

/**
 * A worker that died after publishing, or halfway through MongoDB's two publish writes: the instance taking its job
 * over finishes what is left (the ready record, the model's switch, the change step) without running it again.
 */
suite('MongoDB leased job queue: taking over a job published or half published', () => {
  jest.setTimeout(240_000);
  const f = leasedQueueFixture();
  const { instance, startJob, jobDoc, until, expectPublishedOnce, cleanups } = f;
  let store: Store;
  beforeAll(() => {
    store = f.store;
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
    const filePath = path.join(f.dataDir, 'models', `${first.projectId}-v2.ifc`);
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
});
