import pino from 'pino';
import { mongoSkipReason, mongoTestUri } from '../../../test/mongo-test-uri';
import { sharedMongoDb } from '../../../test/shared-mongo-db';
import type { Store } from '../../../store/types';
import { LOCKS } from '../../../store/mongo/start-up-lock';
import { startSupersededSweep } from '../../odata/superseded-sweep';
import { completePublishedPreparation } from './complete-preparation';

/** Issue 16: two processing instances on one MongoDB run the post-publish pass and the sweep one at a time. */
const title = 'post-publish preparation and superseded sweep across instances on one MongoDB';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

const logger = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts how many instances are inside the watched step at once, and the most ever seen. */
function overlapMeter() {
  const meter = { running: 0, most: 0, calls: 0 };
  const enter = async <T>(result: T): Promise<T> => {
    meter.calls++;
    meter.running++;
    meter.most = Math.max(meter.most, meter.running);
    // Long enough that two unguarded passes started together are certainly inside at the same moment.
    await pause(150);
    meter.running--;
    return result;
  };
  return { meter, enter };
}

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_passes_once');
  let a: Store;
  let b: Store;
  beforeAll(async () => {
    [a, b] = await Promise.all([db.open(), db.open()]);
  });
  afterAll(() => db.dispose());

  it('the preparation pass started by two instances at once runs on one at a time, both finish without error', async () => {
    const { meter, enter } = overlapMeter();
    for (const store of [a, b]) {
      jest.spyOn(store.rows, 'publishedAwaitingPreparation').mockImplementation(() => enter([]));
    }
    const passes = [completePublishedPreparation(a, logger), completePublishedPreparation(b, logger)];
    await expect(Promise.all(passes.map((p) => p.done))).resolves.toEqual([0, 0]);
    expect(meter.calls).toBe(2);
    expect(meter.most).toBe(1);
    expect(await a.mongoDb!.collection(LOCKS).countDocuments({})).toBe(0);
  });

  it("the two instances' sweep rounds never overlap, and stopping both leaves no lock", async () => {
    const { meter, enter } = overlapMeter();
    const sweeps = [a, b].map((store) =>
      startSupersededSweep({ mongoDb: store.mongoDb, pruneSuperseded: () => enter(0) }, logger, 20),
    );
    while (meter.calls < 4) await pause(20);
    await Promise.all(sweeps.map((s) => s.stop()));
    expect(meter.most).toBe(1);
    expect(await a.mongoDb!.collection(LOCKS).countDocuments({})).toBe(0);
  });
});
