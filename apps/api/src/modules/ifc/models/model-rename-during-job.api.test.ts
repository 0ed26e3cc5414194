import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../../test/store-fixtures';
import { startIfcHarness, upload, type IfcHarness } from '../../../test/ifc-harness';
import type { ModelRepository, Store } from '../../../store/types';

const v1 = generateIfcFixture({ storeys: 1, bays: 2, name: 'Tower', seed: 31 });
const v2 = generateIfcFixture({ storeys: 2, bays: 2, name: 'Tower', seed: 32 });

jest.setTimeout(120_000);

/**
 * A store on which the model is renamed the moment a job has read the model to build its version: the rename lands
 * after the job took the name its rows carry and before any row is written, whatever the machine's speed.
 */
function renamingStore(store: Store) {
  let armed: { projectId: string; modelId: string; name: string } | null = null;
  const models: ModelRepository = Object.create(store.models);
  models.findById = async (projectId, modelId) => {
    const model = await store.models.findById(projectId, modelId);
    const rename = armed;
    // The route reads the model before it creates the version; the job reads it once the version is queued.
    if (rename?.projectId === projectId && rename.modelId === modelId && model) {
      const queued = (await store.models.listVersions(projectId, modelId)).some((v) => v.status === 'queued');
      if (queued) {
        armed = null;
        await store.models.rename(projectId, modelId, rename.name);
      }
    }
    return model;
  };
  const wrapped: Store = Object.create(store);
  Object.defineProperty(wrapped, 'models', { value: models });
  return {
    store: wrapped,
    renameWhenTheJobReadsTheModel(projectId: string, modelId: string, name: string) {
      armed = { projectId, modelId, name };
    },
  };
}

describeEachStore('A model renamed while its new version is processed', (target) => {
  let store: Store;
  let renaming: ReturnType<typeof renamingStore>;
  let h: IfcHarness;
  let token: string;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-rename-job-'));
    store = await target.open(dataDir);
    renaming = renamingStore(store);
    h = await startIfcHarness(renaming.store, { ROW_BATCH_SIZE: '5' }, dataDir);
    token = (await h.login('renamer')).token;
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  /** The ModelName values a feed set serves for the project. */
  async function modelNames(projectId: string, set: string): Promise<string[]> {
    const res = await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/${set}?$select=ModelName`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    return [...new Set((res.body.value as { ModelName: string }[]).map((r) => r.ModelName))];
  }

  it('publishes the version’s rows under the model’s current name', async () => {
    const { projectId } = (await upload(h, token, v1.text, 'Tower.ifc').expect(200)).body;
    renaming.renameWhenTheJobReadsTheModel(projectId, projectId, 'Turm – Süd ✓');
    const res = await request(h.app)
      .post(`/api/ifc/projects/${projectId}/models/${projectId}/versions?wait=true`)
      .set('Authorization', `Bearer ${token}`)
      .attach('ifcFile', Buffer.from(v2.text), 'Tower-2.ifc')
      .expect(200);
    expect(res.body).toMatchObject({ versionNumber: 2, elementCount: v2.counts.totalProducts });
    expect((await store.models.findById(projectId, projectId))!.name).toBe('Turm – Süd ✓');
    for (const set of ['IFCElements', 'IFCProperties', 'IFCSpatialStructure'])
      expect({ set, names: await modelNames(projectId, set) }).toEqual({ set, names: ['Turm – Süd ✓'] });
  });
});
