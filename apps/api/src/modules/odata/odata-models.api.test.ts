import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { Store, VersionRecord } from '../../store/types';

type Json = Record<string, unknown>;

describeEachStore('OData feed of a project with several models and versions', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let owner: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };
  let projectId: string;
  const arch: VersionRecord[] = [];
  let mep: VersionRecord;
  const mepId = `m_${randomUUID()}`;
  const feed = (path: string, token = owner.token) =>
    request(runtime.app)
      .get(`/api/ifc/odata/${path}`)
      .set({ Authorization: `Bearer ${token}` });
  const enc = encodeURIComponent;

  /** One version of a model: element rows (GlobalIds A<ExpressId>), a property each, one storey (ExpressId 900). */
  async function upload(modelId: string, modelName: string, expressIds: number[], height: number) {
    const v = await store.models.createVersion({
      projectId,
      modelId,
      fileName: `${modelName}.ifc`,
      fileSize: 10,
      uploaderId: owner.user.id,
      schema: 'IFC4',
    });
    await store.rows.insertBatch(
      projectId,
      v.version,
      {
        elements: expressIds.map((e) => elementRow(e, { GlobalId: `A${e}`, Height: height })),
        properties: expressIds.map((e) => propertyRow(e, { ElementGlobalId: `A${e}`, Value: `F${height}` })),
        spatial: [spatialRow(900, { Name: `${modelName} storey` })],
      },
      { modelId, modelName, versionNumber: v.number, changedAt: v.createdAt },
    );
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: expressIds.length,
      propertyCount: expressIds.length,
      spatialCount: 1,
      countsByType: { IfcWall: expressIds.length },
      countsByStorey: {},
    });
    // The post-publish step: the feed's JSON check and the wide set.
    await store.rows.buildWideElements(projectId, v.version);
    return (await store.models.findVersion(projectId, modelId, v.number))!;
  }

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    owner = await registerAndLogin(runtime.app, 'models');
    other = await registerAndLogin(runtime.app, 'stranger');
    projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.user.id,
      isPublic: false,
      name: 'Campus',
      fileName: 'arch.ifc',
      fileSize: 10,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Architecture' });
    await store.models.create({ id: mepId, projectId, name: 'MEP – Zürich' });
    arch.push(await upload(projectId, 'Architecture', [1, 2], 3));
    mep = await upload(mepId, 'MEP – Zürich', [1], 7);
    arch.push(await upload(projectId, 'Architecture', [2, 3], 4));
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  it('serves every model’s published version with its model, version number and ChangedAt', async () => {
    for (const accept of ['application/json', 'application/json;odata.metadata=full']) {
      const res = await feed(
        `projects/${projectId}/IFCElements?$select=Id,ModelId,ModelName,VersionNumber,ChangedAt`,
      )
        .set('Accept', accept)
        .expect(200);
      const rows = (res.body.value as Json[]).map(({ Id, ModelId, ModelName, VersionNumber, ChangedAt }) => ({
        Id,
        ModelId,
        ModelName,
        VersionNumber,
        ChangedAt,
      }));
      expect(rows).toEqual([
        {
          Id: `${mepId}:A1`,
          ModelId: mepId,
          ModelName: 'MEP – Zürich',
          VersionNumber: 1,
          ChangedAt: mep.createdAt,
        },
        ...[2, 3].map((e) => ({
          Id: `${projectId}:A${e}`,
          ModelId: projectId,
          ModelName: 'Architecture',
          VersionNumber: 2,
          ChangedAt: arch[1]!.createdAt,
        })),
      ]);
    }
    // Every column, SQLite writing the JSON: ChangedAt in the same form as the JavaScript encoder writes it.
    const all = await feed(
      `projects/${projectId}/IFCElements?$filter=${enc(`ModelId eq '${mepId}'`)}`,
    ).expect(200);
    expect(all.body.value[0]).toMatchObject({ ChangedAt: mep.createdAt, VersionNumber: 1, ExpressId: 1 });
    const after = `ChangedAt gt ${mep.createdAt}`;
    const changed = await feed(`projects/${projectId}/IFCElements/$count?$filter=${enc(after)}`).expect(200);
    expect(changed.text).toBe(String(arch[1]!.createdAt > mep.createdAt ? 2 : 0));
  });

  it('properties and spatial rows carry the model; two models’ ExpressIds do not collide', async () => {
    const props = await feed(
      `projects/${projectId}/IFCProperties?$select=ModelId,VersionNumber,Value`,
    ).expect(200);
    expect((props.body.value as Json[]).map((p) => [p.ModelId, p.VersionNumber, p.Value]).sort()).toEqual(
      [
        [mepId, 1, 'F7'],
        [projectId, 2, 'F4'],
        [projectId, 2, 'F4'],
      ].sort(),
    );
    const spatial = await feed(`projects/${projectId}/IFCSpatialStructure`).expect(200);
    expect((spatial.body.value as Json[]).map((s) => [s.ModelId, s.ExpressId, s.Name])).toEqual(
      expect.arrayContaining([
        [projectId, 900, 'Architecture storey'],
        [mepId, 900, 'MEP – Zürich storey'],
      ]),
    );
    expect(spatial.body.value).toHaveLength(2);
    const key = `ProjectId='${enc(projectId)}',ModelId='${enc(mepId)}',ExpressId=900`;
    expect((await feed(`IFCSpatialStructure(${key})`).expect(200)).body.Name).toBe('MEP – Zürich storey');
  });

  it('Models and Versions list every model and version of the project, with navigation from the project', async () => {
    const models = await feed(`projects/${projectId}/Models?$orderby=Name`).expect(200);
    expect(models.body.value).toEqual([
      expect.objectContaining({
        ModelId: projectId,
        ProjectId: projectId,
        Name: 'Architecture',
        LatestVersionNumber: 2,
        VersionCount: 2,
      }),
      expect.objectContaining({
        ModelId: mepId,
        Name: 'MEP – Zürich',
        LatestVersionNumber: 1,
        VersionCount: 1,
      }),
    ]);
    const versions = await feed(
      `Versions?$filter=${enc(`ProjectId eq '${projectId}'`)}&$orderby=UploadedAt`,
    ).expect(200);
    expect(
      (versions.body.value as Json[]).map((v) => [v.ModelName, v.VersionNumber, v.IsLatest, v.Retained]),
    ).toEqual([
      ['Architecture', 1, false, true],
      ['MEP – Zürich', 1, true, true],
      ['Architecture', 2, true, true],
    ]);
    expect(versions.body.value[2]).toMatchObject({
      FileName: 'Architecture.ifc',
      FileSize: 10,
      Status: 'ready',
      ElementCount: 2,
      UploadedAt: arch[1]!.createdAt,
      ProcessedAt: arch[1]!.processedAt,
      Added: null,
      PropertyValuesChanged: null,
    });
    const one = await feed(`Versions(ModelId='${enc(mepId)}',VersionNumber=1)`).expect(200);
    expect(one.body).toMatchObject({ ModelName: 'MEP – Zürich', IsLatest: true });
    const expanded = await feed(
      `Projects('${enc(projectId)}')?$expand=Models($select=Name),Versions($count=true)`,
    ).expect(200);
    expect(expanded.body.Models).toHaveLength(2);
    expect(expanded.body['Versions@odata.count']).toBe(3);
    const latest = await feed(
      `projects/${projectId}/Versions?$filter=IsLatest eq true&$select=ModelId`,
    ).expect(200);
    expect((latest.body.value as Json[]).map((v) => v.ModelId).sort()).toEqual([projectId, mepId].sort());
  });

  it('the per-project wide set joins every model’s published version', async () => {
    const res = await feed(
      `projects/${projectId}/IFCElementsWide?$select=Id,ModelName,VersionNumber,Pset_WallCommon_FireRating`,
    ).expect(200);
    expect(
      (res.body.value as Json[]).map((r) => [
        r.Id,
        r.ModelName,
        r.VersionNumber,
        r.Pset_WallCommon_FireRating,
      ]),
    ).toEqual([
      [`${mepId}:A1`, 'MEP – Zürich', 1, 'F7'],
      [`${projectId}:A2`, 'Architecture', 2, 'F4'],
      [`${projectId}:A3`, 'Architecture', 2, 'F4'],
    ]);
    const count = await feed(
      `projects/${projectId}/IFCElementsWide/$count?$filter=${enc(`ModelId eq '${mepId}'`)}`,
    ).expect(200);
    expect(count.text).toBe('1');
  });

  it('nobody else reads them', async () => {
    await feed(`projects/${projectId}/Models`, other.token).expect(404);
    const mine = await feed('Versions', other.token).expect(200);
    expect(mine.body.value).toEqual([]);
  });
});
