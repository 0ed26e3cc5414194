import { Types } from 'mongoose';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { sharedMongoDb } from '../../test/shared-mongo-db';
import type { JobDoc } from './job-model';
import { MongoJobLeases } from './mongo-job-leases';

/**
 * Issue 16: of several workers claiming at once, one gets each job. A real MongoDB applies findOneAndUpdate
 * atomically; FerretDB's SQLite handler matches and writes in two steps, so two claims of one job can both match.
 * These run on whichever server TEST_MONGODB_URI names.
 */
const title = 'MongoDB job leases: claims racing for one job';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  jest.setTimeout(120_000);
  const shared = sharedMongoDb('aec_claims');
  afterAll(() => shared.dispose());

  const queuedJob = (id: string): JobDoc => ({
    _id: id,
    projectId: `p-${id}`,
    ownerId: null,
    status: 'queued',
    version: 1,
    filePath: '/nowhere.ifc',
    error: null,
    createdAt: new Date(),
    seq: new Types.ObjectId(),
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    enqueuedAt: new Date(),
  });

  it('gives each job to exactly one of six workers claiming at once, round after round', async () => {
    // Six instances, each with its own connection, as six worker processes.
    const dbs = await Promise.all(Array.from({ length: 6 }, () => shared.open()));
    const workers = dbs.map((s, i) => ({ name: `w${i}`, leases: new MongoJobLeases(s.mongoDb!) }));
    const jobs = dbs[0]!.mongoDb!.collection<JobDoc>('jobs');
    const rounds = 25;
    const winnersPerRound: string[][] = [];
    for (let round = 0; round < rounds; round++) {
      const id = `race-${round}`;
      await jobs.insertOne(queuedJob(id));
      const claims = await Promise.all(workers.map((w) => w.leases.claim(w.name, 30_000)));
      const winners = workers.filter((_, i) => claims[i]?.id === id).map((w) => w.name);
      winnersPerRound.push(winners);
      expect((await jobs.findOne({ _id: id }))?.status).toBe('processing');
      // The winner's heartbeat keeps the lease, and the document then names the winner.
      if (winners.length === 1) {
        const winner = workers.find((w) => w.name === winners[0])!;
        const claim = claims[workers.indexOf(winner)]!;
        expect((await winner.leases.renew(claim, 30_000))?.leaseOwner).toBe(winner.name);
        expect((await jobs.findOne({ _id: id }))?.leaseOwner).toBe(winner.name);
      }
      await jobs.updateOne({ _id: id }, { $set: { status: 'ready', leaseUntil: null } });
    }
    expect(winnersPerRound.map((w) => w.length)).toEqual(Array.from({ length: rounds }, () => 1));
  });

  it("a control request and the holder's writes to one job, sent at once through one connection, all land", async () => {
    // FerretDB writes an update back as a whole document: without the per-connection queue (whole-document-writes.ts)
    // a pause request sent while the holder renewed its lease and recorded its status was lost now and then.
    const store = await shared.open();
    const leases = new MongoJobLeases(store.mongoDb!);
    const jobs = store.mongoDb!.collection<JobDoc>('jobs');
    const rounds = 40;
    const lost: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const id = `control-${round}`;
      await jobs.insertOne(queuedJob(id));
      const claim = (await leases.claim('holder', 30_000))!;
      expect(claim.id).toBe(id);
      const startedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, round)).toISOString();
      await Promise.all([
        leases.renew(claim, 30_000),
        leases.request(id, 'pause'),
        store.jobs.update(id, { startedAt }),
        leases.renew(claim, 30_000),
      ]);
      const doc = (await jobs.findOne({ _id: id }))!;
      if (doc.control !== 'pause' || doc.startedAt?.toISOString() !== startedAt)
        lost.push(`${id}: control ${doc.control}, startedAt ${String(doc.startedAt)}`);
      await jobs.updateOne({ _id: id }, { $set: { status: 'ready', leaseUntil: null } });
    }
    expect(lost).toEqual([]);
  });

  it('a claim whose attempt another worker already recorded does not run the job', async () => {
    const store = await shared.open();
    const leases = new MongoJobLeases(store.mongoDb!);
    const jobs = store.mongoDb!.collection<JobDoc>('jobs');
    await jobs.insertOne(queuedJob('recorded'));
    // Another worker's claim of attempt 1 is on record, but its write to the job was lost to ours (the race above).
    await store.mongoDb!.collection('job_claims').insertOne({ _id: 'recorded:1' as never, owner: 'other' });
    expect(await leases.claim('me', 30_000)).toBeNull();
  });
});
