import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { storeTargets } from '../../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../../test/ifc-harness';
import type { Store } from '../../../store/types';
import { unqueuedVersion } from '../../../test/unqueued-version';
import { JobProcessor } from './job-processor';

const tower = generateIfcFixture({ storeys: 1, bays: 2, name: 'Tower', seed: 7 });
const annex = generateIfcFixture({ storeys: 1, bays: 1, name: 'Annex', seed: 8 });

// A model deleted while its version's job runs (the delete cancels the jobs it finds; one started just then runs on):
// the job must not publish, since the store would adopt its rows as a version of the project's default model. The
// run is driven through the processor's leased entry, whose publish fence is where the delete lands: SQLite only,
// the processor is the same on both stores.
describe('A job whose model is deleted before it publishes', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(sqlite));
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
  });

  it('ends cancelled, and the project serves what it served before', async () => {
    const { token } = await h.login('deleter');
    const { projectId } = (await upload(h, token, tower.text, 'Tower.ifc').expect(200)).body;
    const added = await request(h.app)
      .post(`/api/ifc/projects/${projectId}/models?wait=true`)
      .set('Authorization', `Bearer ${token}`)
      .attach('ifcFile', Buffer.from(annex.text), 'Annex.ifc')
      .expect(200);
    const modelId = added.body.modelId as string;
    const { job, filePath: inputPath } = await unqueuedVersion(store, h.modelDir, {
      projectId,
      modelId,
      fileName: 'Annex v2.ifc',
      text: annex.text,
    });
    expect(h.processor).toBeInstanceOf(JobProcessor);
    let deleted: string | undefined;
    const status = await (h.processor as JobProcessor).runClaimed(job, {
      inputPath,
      beforeWrite: async () => undefined,
      // Also the processor's lease check when it records the end: the delete happens at the first call only.
      beforePublish: async () => {
        deleted ??= await store.models.delete(projectId, modelId);
      },
    });
    expect(deleted).toBe('deleted');
    expect(status).toBe('cancelled');
    expect(await store.jobs.findById(job.id)).toMatchObject({
      status: 'cancelled',
      error: expect.stringContaining('model was deleted'),
    });
    const history = await request(h.app)
      .get(`/api/ifc/projects/${projectId}/models`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(
      history.body.models.map((m: { modelId: string; versions: { number: number }[] }) => [
        m.modelId,
        m.versions.map((v) => v.number),
      ]),
    ).toEqual([[projectId, [1]]]);
    const count = await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(Number(count.text)).toBe(tower.counts.totalProducts);
  });
});
