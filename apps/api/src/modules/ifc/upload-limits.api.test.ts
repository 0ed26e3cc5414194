import request from 'supertest';
import { uploadLimitsSchema } from '@aec/contracts';
import { describeEachStore } from '../../test/store-fixtures';
import { buildTestApp } from '../../test/test-app';
import type { Store } from '../../store/types';

describeEachStore('GET /api/ifc/limits', (target) => {
  let store: Store;
  beforeAll(async () => {
    store = await target.open();
  });
  afterAll(() => target.dispose(store));

  it('answers the configured upload limit to anyone, signed in or not', async () => {
    const byDefault = await request(buildTestApp(store)).get('/api/ifc/limits').expect(200);
    expect(uploadLimitsSchema.parse(byDefault.body)).toEqual({
      maxUploadMb: 100,
      maxUploadBytes: 104_857_600,
    });

    const large = await request(buildTestApp(store, { MAX_UPLOAD_MB: '10240' }))
      .get('/api/ifc/limits')
      .expect(200);
    expect(large.body).toEqual({ maxUploadMb: 10240, maxUploadBytes: 10 * 1024 ** 3 });
  });
});
