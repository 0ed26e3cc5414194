import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { storeTargets } from '../../../test/store-fixtures';
import { listUploadDir, openIfcHarness, upload, type IfcHarness } from '../../../test/ifc-harness';
import type { Store } from '../../../store/types';
import { BAD_WAIT_MESSAGE } from './wait-param';

// The routes read ?wait= before the store is involved: SQLite only.
describe('?wait= on the upload routes', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  let token: string;
  const fixture = generateIfcFixture({ storeys: 1, bays: 1, seed: 3 });
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const projectCount = async () =>
    (await request(h.app).get('/api/ifc/projects').set(auth()).expect(200)).body.projects.length as number;

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(sqlite));
    token = (await h.login('waiter')).token;
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
  });

  it('answers at once (202) for false, 0 and an empty value, and waits for true and 1 in any case', async () => {
    for (const wait of ['false', '0', '', 'FALSE']) {
      const res = await request(h.app)
        .post(`/api/ifc/odata/upload?wait=${wait}`)
        .set(auth())
        .attach('ifcFile', Buffer.from(fixture.text), 'Quick.ifc')
        .expect(202);
      expect(res.body).toMatchObject({ success: true, status: 'queued' });
    }
    for (const wait of ['1', 'True']) {
      const res = await request(h.app)
        .post(`/api/ifc/odata/upload?wait=${wait}`)
        .set(auth())
        .attach('ifcFile', Buffer.from(fixture.text), 'Waited.ifc')
        .expect(200);
      expect(res.body).toMatchObject({ success: true, elementCount: fixture.counts.totalProducts });
    }
  });

  it('refuses any other value with 400 and its reason, storing and queueing nothing', async () => {
    const { projectId } = (await upload(h, token, fixture.text, 'Base.ifc').expect(200)).body;
    const modelId = projectId as string;
    const before = await projectCount();
    const paths = [
      '/api/ifc/odata/upload?wait=yes',
      '/api/ifc/odata/upload?wait=true&wait=false',
      `/api/ifc/projects/${projectId}/models?wait=later`,
      `/api/ifc/projects/${projectId}/models/${modelId}/versions?wait=%E2%9C%93`,
    ];
    for (const path of paths) {
      const res = await request(h.app)
        .post(path)
        .set(auth())
        .attach('ifcFile', Buffer.from(fixture.text), 'Refused.ifc')
        .expect(400);
      expect(res.body).toEqual({
        success: false,
        message: BAD_WAIT_MESSAGE,
        error: BAD_WAIT_MESSAGE,
        code: 'BAD_WAIT',
      });
    }
    expect(await projectCount()).toBe(before);
    const models = await request(h.app).get(`/api/ifc/projects/${projectId}/models`).set(auth()).expect(200);
    expect(models.body.models).toHaveLength(1);
    expect(models.body.models[0].versions).toHaveLength(1);
    expect(listUploadDir(h)).toEqual([]);
  });
});
