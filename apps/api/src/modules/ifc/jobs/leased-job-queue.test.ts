import type { Store } from '../../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../../test/mongo-test-uri';
import { elementRow } from '../../../test/row-fixtures';
import type { JobDoc } from '../../../store/mongo/job-model';
import { leasedFixture as fixture, leasedQueueFixture } from '../../../test/leased-queue-fixture';

const suite = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`leased job queue: skipped — ${mongoSkipReason}`);

/** Two instances on one database: claims, a cut-off worker, control across instances, the queue limit, start-up. */
suite('MongoDB leased job queue: two instances on one database', () => {
  jest.setTimeout(240_000);
  const f = leasedQueueFixture();
  const { instance, startJob, jobDoc, until, expectPublishedOnce } = f;
  let store: Store;
  beforeAll(() => {
    store = f.store;
  });

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
    // Cut as inst-a's first element rows are stored: waiting to see them from here let it finish first on a busy machine.
    const cutting: Store = Object.create(store);
    const rows = Object.create(store.rows) as Store['rows'];
    rows.insertBatch = async (projectId, version, batch, context) => {
      await store.rows.insertBatch(projectId, version, batch, context);
      if (batch.elements?.length) a.leases.cut = true;
    };
    Object.defineProperty(cutting, 'rows', { value: rows });
    const a = instance('inst-a', { store: cutting });
    const b = instance('inst-b');
    a.queue.startClaiming();
    const job = await startJob(a);
    await until(async () => a.leases.cut, 'the first rows of inst-a');
    expect((await store.rows.countAll(job.projectId, job.version)).elements).toBeGreaterThan(0);
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
