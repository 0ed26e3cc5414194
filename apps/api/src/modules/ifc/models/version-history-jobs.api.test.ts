import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { generateIfcFixture } from '@aec/ifc';
import { projectModelsResponseSchema } from '@aec/contracts';
import { storeTargets } from '../../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../../test/ifc-harness';
import type { Store } from '../../../store/types';

const model = generateIfcFixture({ storeys: 1, bays: 1, name: 'Busy', seed: 41 });
/** More jobs than a lookup through the owner's latest jobs would ever see (it read the latest 1000). */
const LATER_JOBS = 1001;

// The history's link from a version to its job does not depend on the store: SQLite only, where a thousand job
// records are written in a moment (on FerretDB they would take minutes; the job lookup's store contract runs there).
describe('Version history: every version keeps its job link, however many jobs its owner ran since', () => {
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

  it('links version 1 to its job after the owner ran more than a thousand jobs elsewhere', async () => {
    const { token, user } = await h.login('busy');
    const { projectId, jobId } = (await upload(h, token, model.text, 'Busy.ifc').expect(200)).body;
    // Job records written directly (not real uploads): the owner's later work on another project.
    const elsewhere = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId: user.id,
      isPublic: false,
      name: 'Elsewhere',
      fileName: 'elsewhere.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    for (let i = 0; i < LATER_JOBS; i++)
      await store.jobs.create({
        id: `j_${randomUUID()}`,
        projectId: elsewhere.id,
        ownerId: user.id,
        version: i + 1,
        filePath: '/tmp/elsewhere.ifc',
      });
    const res = await request(h.app)
      .get(`/api/ifc/projects/${projectId}/models`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const history = projectModelsResponseSchema.parse(res.body);
    expect(history.models[0]!.versions.map((v) => [v.number, v.jobId])).toEqual([[1, jobId]]);
  });
});
