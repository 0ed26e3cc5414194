import request from 'supertest';
import { generateIfcFixture, generateIfcRevision } from '@aec/ifc';
import { projectModelsResponseSchema, type ProjectModelsResponse, type VersionDto } from '@aec/contracts';
import { openIfcHarness, upload, type IfcHarness } from './ifc-harness';
import type { StoreTarget } from './store-fixtures';
import type { Store } from '../store/types';

const towerOptions = { storeys: 2, bays: 2, name: 'Tower', seed: 21 } as const;
/** Version 1 of the tower (in either schema). */
export const tower = (schema: 'IFC4' | 'IFC2X3' = 'IFC4') => generateIfcFixture({ ...towerOptions, schema });
/** Version 2 of the tower with known changes (the generator's manifest lists them). */
export const towerRevision = generateIfcRevision(towerOptions, {
  added: 3,
  removed: 2,
  modified: 4,
  seed: 5,
});
/** Another building: a second model of a project, or a version with nothing in common with the tower. */
export const structure = generateIfcFixture({ storeys: 1, bays: 3, name: 'Tragwerk', seed: 99 });

export const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
export const api = (path: string) => `/api/ifc/projects/${path}`;

/** A 200 answer, or a failure that shows what the server said instead. */
export const ok = (res: request.Response) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text.slice(0, 500)}`);
  return res;
};

/**
 * The models and versions API suites' setup (use inside describeEachStore): a running app with real workers on the
 * target's store, its owner and a stranger, and the calls they make. Registers its own beforeAll/afterAll.
 */
export function modelsApiHarness(target: StoreTarget) {
  let store: Store | undefined;
  let h: IfcHarness | undefined;
  let owner: { token: string; username: string } | undefined;
  let other: string | undefined;
  const v1 = tower();
  const ready = () => {
    if (!store || !h || !owner || other === undefined) throw new Error('the harness starts in beforeAll');
    return { store, h, owner, other };
  };

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    const login = await h.login('modeller');
    owner = { token: login.token, username: login.account.username };
    other = (await h.login('stranger')).token;
  });
  afterAll(async () => {
    await h?.stop();
    if (store) await target.dispose(store);
  });

  const newProject = async (text = v1.text, fileName = 'Tower.ifc') =>
    ok(await upload(ready().h, ready().owner.token, text, fileName)).body as {
      projectId: string;
      jobId: string;
      odataUrl: string;
      tableauUrl: string;
    };

  const postVersion = (projectId: string, modelId: string, text: string, fileName: string, wait = true) =>
    request(ready().h.app)
      .post(api(`${projectId}/models/${modelId}/versions${wait ? '?wait=true' : ''}`))
      .set(bearer(ready().owner.token))
      .attach('ifcFile', Buffer.from(text), fileName);

  const postModel = (projectId: string, text: string, fileName: string, name?: string) => {
    const req = request(ready().h.app)
      .post(api(`${projectId}/models?wait=true`))
      .set(bearer(ready().owner.token));
    if (name !== undefined) req.field('name', name);
    return req.attach('ifcFile', Buffer.from(text), fileName);
  };

  async function models(projectId: string): Promise<ProjectModelsResponse> {
    const res = await request(ready().h.app)
      .get(api(`${projectId}/models`))
      .set(bearer(ready().owner.token))
      .expect(200);
    return projectModelsResponseSchema.parse(res.body);
  }

  /** Element rows the project's feed serves, optionally filtered (per-project root). */
  async function feedCount(projectId: string, filter?: string): Promise<number> {
    const query = filter ? `?$filter=${encodeURIComponent(filter)}` : '';
    const res = await request(ready().h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count${query}`)
      .set(bearer(ready().owner.token));
    return Number(ok(res).text);
  }

  /** The version once its post-publish change step has ended (the API answers pending until then). */
  async function settledVersion(projectId: string, modelId: string, number: number): Promise<VersionDto> {
    for (let i = 0; i < 300; i++) {
      const model = (await models(projectId)).models.find((m) => m.modelId === modelId);
      const version = model?.versions.find((v) => v.number === number);
      if (version && version.changes?.status !== 'pending') return version;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`version ${number} of ${modelId} kept its change summary pending`);
  }

  return {
    get store() {
      return ready().store;
    },
    get h() {
      return ready().h;
    },
    get owner() {
      return ready().owner;
    },
    get other() {
      return ready().other;
    },
    v1,
    v2: towerRevision,
    newProject,
    postVersion,
    postModel,
    models,
    feedCount,
    settledVersion,
  };
}
