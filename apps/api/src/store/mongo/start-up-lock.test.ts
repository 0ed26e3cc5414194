import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { sharedMongoDb } from '../../test/shared-mongo-db';
import { MIGRATIONS } from './case-shadows';
import { LOCKS, withLock } from './start-up-lock';

/** Issue 16: instances starting at once on one fresh database each open their store, the start-up work once at a time. */
const title = 'MongoDB start-up work shared by instances starting at once';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_startup');
  afterAll(() => db.dispose());

  it('three stores opened at once on a fresh database all open, each migration marked once, no lock left', async () => {
    const stores = await Promise.all([db.open(), db.open(), db.open()]);
    expect(stores.map((s) => s.kind)).toEqual(['mongodb', 'mongodb', 'mongodb']);
    const raw = stores[0]!.mongoDb!;
    const marks = (await raw.collection(MIGRATIONS).find({}).toArray()).map((m) => m._id).sort();
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks).size).toBe(marks.length);
    expect(await raw.collection(LOCKS).countDocuments({})).toBe(0);
  });

  it('never runs two holders of one lock in parallel; a holder that failed releases it', async () => {
    const raw = (await db.open()).mongoDb!;
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const piece = (n: number) =>
      withLock(
        raw,
        'test-piece',
        async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 50));
          running--;
          order.push(n);
          if (n === 1) throw new Error('piece 1 failed');
          return n;
        },
        { pollMs: 20 },
      );
    const results = await Promise.allSettled([piece(1), piece(2), piece(3)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(most).toBe(1);
    expect(order.sort()).toEqual([1, 2, 3]);
    expect(await raw.collection(LOCKS).countDocuments({})).toBe(0);
  });

  it('takes over a lock whose holder died (its lease expired)', async () => {
    const raw = (await db.open()).mongoDb!;
    await raw
      .collection<{ _id: string; owner: string; expiresAt: Date }>(LOCKS)
      .insertOne({ _id: 'orphan', owner: 'dead-instance', expiresAt: new Date(Date.now() - 1000) });
    await expect(withLock(raw, 'orphan', async () => 'ran')).resolves.toBe('ran');
  });
});
