import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { processingRateSchema } from '@aec/contracts';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

describeEachStore('GET /api/ifc/processing-rate', (target) => {
  let store: Store;
  let h: IfcHarness;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('answers the documented defaults, then what the server measured on its finished jobs', async () => {
    const { token } = await h.login('rate');
    const auth = { Authorization: `Bearer ${token}` };
    await request(h.app).get('/api/ifc/processing-rate').expect(401);
    const before = processingRateSchema.parse(
      (await request(h.app).get('/api/ifc/processing-rate').set(auth).expect(200)).body,
    );
    expect(before).toMatchObject({ source: 'default', jobs: 0 });

    await upload(h, token, generateIfcFixture({ storeys: 1, bays: 2, seed: 3 }).text, 'rate.ifc').expect(200);
    const after = processingRateSchema.parse(
      (await request(h.app).get('/api/ifc/processing-rate').set(auth).expect(200)).body,
    );
    expect(after).toMatchObject({ source: 'measured', jobs: 1 });
    const job = (await store.jobs.listByStatus(['ready']))[0]!;
    expect(after.startupMs).toBe(job.durationMs);
  });
});
