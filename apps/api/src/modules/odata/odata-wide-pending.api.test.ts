import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import { publishedProject } from '../../test/published-project';
import type { PropertyRow, Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 1, bays: 2, seed: 21 });

/**
 * IFCElementsWide of a published version whose wide set is not built yet (it is built just after the publish):
 * 503 with Retry-After, so a client that honours it asks again in seconds instead of failing the refresh. The
 * root keeps listing the set meanwhile ($metadata, service document), with the columns last built: a BI tool
 * reading the metadata in that window must not lose the table.
 */
describeEachStore('OData: the wide set while it is prepared', (target) => {
  let h: IfcHarness;
  let store: Store;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  const get = (token: string, path: string) =>
    request(h.app).get(`/api/ifc/odata/${path}`).set('Authorization', `Bearer ${token}`);
  /**
   * The wide entity type's property columns in the root's $metadata, after the element columns it starts with
   * (undefined when the set is not listed).
   */
  async function wideColumns(token: string, projectId: string): Promise<string[] | undefined> {
    const xml = (await get(token, `projects/${projectId}/$metadata`).expect(200)).text;
    if (!xml.includes('<EntitySet Name="IFCElementsWide" EntityType="AEC.IFC.IFCElementWide"'))
      return undefined;
    const properties = (type: string) => {
      const body = new RegExp(`<EntityType Name="${type}">([\\s\\S]*?)</EntityType>`).exec(xml)?.[1] ?? '';
      return [...body.matchAll(/<Property Name="([^"]+)"/g)].map((m) => m[1]!);
    };
    const element = properties('IFCElement');
    const wide = properties('IFCElementWide');
    expect(wide.slice(0, element.length)).toEqual(element);
    return wide.slice(element.length);
  }
  const listed = async (token: string, projectId: string) =>
    (await get(token, `projects/${projectId}/`).expect(200)).body.value.map((s: { name: string }) => s.name);
  async function expectPending(token: string, path: string) {
    const res = await get(token, path).expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(JSON.parse(res.text).error.code).toBe('ServiceUnavailable');
  }
  /** Publishes a version of `modelId` through the store: nothing builds its wide set (a job's post-publish step would). */
  async function publish(projectId: string, modelId: string, globalIds: string[], properties: PropertyRow[]) {
    const v = await store.models.createVersion({
      projectId,
      modelId,
      fileName: `${modelId}.ifc`,
      fileSize: 10,
      uploaderId: null,
      schema: 'IFC4',
    });
    await store.rows.insertBatch(
      projectId,
      v.version,
      { elements: globalIds.map((g, i) => elementRow(i + 1, { GlobalId: g })), properties },
      { modelId, modelName: modelId, versionNumber: v.number, changedAt: v.createdAt },
    );
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: globalIds.length,
      propertyCount: properties.length,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    return v.version;
  }
  const p = (expressId: number, globalId: string, set: string, name: string) =>
    propertyRow(expressId, { ElementGlobalId: globalId, SetName: set, PropertyName: name, Value: 'x' });
  async function newProject(ownerId: string, models: string[]): Promise<string> {
    const id = `p_${randomUUID()}`;
    await store.projects.create({
      id,
      ownerId,
      isPublic: false,
      name: 'Pending',
      fileName: 'a.ifc',
      fileSize: 10,
      schema: 'IFC4',
    });
    for (const m of models)
      await store.models.create({ id: m === 'default' ? id : m, projectId: id, name: m });
    return id;
  }

  it('answers 503 ServiceUnavailable with Retry-After: 5 and says the set is being prepared', async () => {
    const owner = await h.login('widepending');
    // Published through the store: nothing builds the wide set (a job's post-publish step would).
    const projectId = await publishedProject(store, owner.user.id, [elementRow(1), elementRow(2)]);
    const res = await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElementsWide`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      error: {
        code: 'ServiceUnavailable',
        message: 'IFCElementsWide is still being prepared for this project. Try again in a moment.',
        target: 'IFCElementsWide',
      },
    });
    // The other sets serve the version meanwhile.
    await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200, '2');
  });

  it('lists the set in $metadata and the service document before its first build, with the element columns', async () => {
    const owner = await h.login('widefirst');
    const projectId = await publishedProject(store, owner.user.id, [elementRow(1)]);
    expect(await wideColumns(owner.token, projectId)).toEqual([]);
    expect(await listed(owner.token, projectId)).toContain('IFCElementsWide');
    for (const path of ['IFCElementsWide', 'IFCElementsWide/$count', "IFCElementsWide('x')"])
      await expectPending(owner.token, `projects/${projectId}/${path}`);
    // Once built, the same set serves its rows.
    expect(await store.rows.buildWideElements(projectId, 1)).not.toBeNull();
    await get(owner.token, `projects/${projectId}/IFCElementsWide/$count`).expect(200, '1');
    // A project whose first upload is still processing (nothing published) lists it too.
    const processing = await newProject(owner.user.id, ['default']);
    expect(await wideColumns(owner.token, processing)).toEqual([]);
    await expectPending(owner.token, `projects/${processing}/IFCElementsWide`);
  });

  it("keeps the previous version's columns while a new version's set is prepared; only its rows wait", async () => {
    const owner = await h.login('widenext');
    const projectId = await newProject(owner.user.id, ['default']);
    const v1 = await publish(projectId, projectId, ['A1', 'A2'], [p(1, 'A1', 'Pset_Old', 'Kept')]);
    expect(await store.rows.buildWideElements(projectId, v1)).not.toBeNull();
    expect(await wideColumns(owner.token, projectId)).toEqual(['Pset_Old_Kept']);

    const v2 = await publish(projectId, projectId, ['A1', 'A2', 'A3'], [p(3, 'A3', 'Pset_New', 'Added')]);
    // The upload's window: the root still describes the set (as it was), its rows answer 503.
    expect(await wideColumns(owner.token, projectId)).toEqual(['Pset_Old_Kept']);
    expect(await listed(owner.token, projectId)).toContain('IFCElementsWide');
    await expectPending(owner.token, `projects/${projectId}/IFCElementsWide?$select=Pset_New_Added`);
    await expectPending(owner.token, `projects/${projectId}/IFCElementsWide/$count`);
    await get(owner.token, `projects/${projectId}/IFCElements/$count`).expect(200, '3');

    expect(await store.rows.buildWideElements(projectId, v2)).not.toBeNull();
    expect(await wideColumns(owner.token, projectId)).toEqual(['Pset_New_Added']);
    const rows = await get(
      owner.token,
      `projects/${projectId}/IFCElementsWide?$select=GlobalId,Pset_New_Added`,
    ).expect(200);
    expect(rows.body.value.map((r: { Pset_New_Added: unknown }) => r.Pset_New_Added)).toEqual([
      null,
      null,
      'x',
    ]);
  });

  it('joins the models’ columns as last built while one model’s new version is prepared', async () => {
    const owner = await h.login('widefed');
    const projectId = await newProject(owner.user.id, ['default', 'mep']);
    const a = await publish(projectId, projectId, ['A1'], [p(1, 'A1', 'Arch', 'Finish')]);
    const b = await publish(projectId, 'mep', ['B1'], [p(1, 'B1', 'Mep', 'Flow')]);
    expect(await store.rows.buildWideElements(projectId, a)).not.toBeNull();
    expect(await store.rows.buildWideElements(projectId, b)).not.toBeNull();
    await publish(projectId, 'mep', ['B1'], [p(1, 'B1', 'Mep', 'Pressure')]);
    expect(await wideColumns(owner.token, projectId)).toEqual(['Arch_Finish', 'Mep_Flow']);
    await expectPending(owner.token, `projects/${projectId}/IFCElementsWide`);
  });

  it('keeps IFCElementsWide in $metadata right after a new version is uploaded through the API', async () => {
    const owner = await h.login('wideupload');
    const first = await upload(h, owner.token, fixture.text, 'pending.ifc').expect(200);
    const projectId = first.body.projectId as string;
    // The first version's set is built just after its upload.
    for (let tries = 0; ; tries++) {
      const res = await get(owner.token, `projects/${projectId}/IFCElementsWide/$count`);
      if (res.status === 200) break;
      expect(res.status).toBe(503);
      if (tries > 600) throw new Error('the wide set was not prepared within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = await wideColumns(owner.token, projectId);
    expect(before?.length).toBeGreaterThan(0);
    await request(h.app)
      .post(`/api/ifc/projects/${projectId}/models/${projectId}/versions?wait=true`)
      .set('Authorization', `Bearer ${owner.token}`)
      .attach('ifcFile', Buffer.from(fixture.text), 'pending-v2.ifc')
      .expect(200);
    // Whether or not the new version's set is built yet, the root describes it with the same columns.
    const [columns, sets, rows] = await Promise.all([
      wideColumns(owner.token, projectId),
      listed(owner.token, projectId),
      get(owner.token, `projects/${projectId}/IFCElementsWide/$count`),
    ]);
    expect(columns).toEqual(before);
    expect(sets).toContain('IFCElementsWide');
    expect([200, 503]).toContain(rows.status);
    if (rows.status === 503) expect(rows.headers['retry-after']).toBe('5');
  });
});
