import request from 'supertest';
import { describeEachStore } from '../../../test/store-fixtures';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../../test/test-app';
import type { Store } from '../../../store/types';

type Row = Record<string, unknown>;

// A wait on the wide set may take a while on a loaded machine (bounded below).
jest.setTimeout(120_000);

/**
 * A rollback publishes an older version again: the project's IFCElementsWide then serves that version's rows, also
 * when the version's wide set was never kept (its post-publish step found it already replaced), after the usual
 * 503 "still being prepared" — never the newer version's rows, never 503 for good.
 */
describeEachStore('Rollback and the wide element set', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let owner: { token: string; user: { id: string } };
  let n = 0;
  const bearer = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    owner = await registerAndLogin(runtime.app, 'rollback');
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  async function newProject() {
    const projectId = `p_rollback_${target.name}_${++n}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.user.id,
      isPublic: false,
      name: 'Rollback Ø',
      fileName: 'r.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Rollback Ø' });
    return projectId;
  }

  /** A version of the project's model whose elements are `globalIds`, each with one property `mark`. */
  async function publishVersion(projectId: string, globalIds: string[], mark: string) {
    const v = await store.models.createVersion({
      projectId,
      modelId: projectId,
      fileName: `${mark}.ifc`,
      fileSize: 1,
      uploaderId: owner.user.id,
      schema: 'IFC4',
    });
    await store.rows.insertBatch(
      projectId,
      v.version,
      {
        elements: globalIds.map((g, i) => elementRow(i + 1, { GlobalId: g })),
        properties: globalIds.map((g, i) =>
          propertyRow(i + 1, { ElementGlobalId: g, PropertyName: 'Mark', Value: mark }),
        ),
      },
      { modelId: projectId, modelName: 'Rollback Ø', versionNumber: v.number, changedAt: v.createdAt },
    );
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: globalIds.length,
      propertyCount: globalIds.length,
      spatialCount: 0,
      countsByType: { IfcWall: globalIds.length },
      countsByStorey: {},
    });
    return v;
  }

  const rollback = (projectId: string, number: number) =>
    request(runtime.app)
      .post(`/api/ifc/projects/${projectId}/models/${projectId}/versions/${number}/rollback`)
      .set(bearer())
      .expect(200);

  /**
   * The wide set's rows once it answers (503 "still being prepared" meanwhile, within a generous bound); every
   * answer must already be the expected version's.
   */
  async function wideRows(projectId: string): Promise<Row[]> {
    for (let tries = 0; tries < 600; tries++) {
      const res = await request(runtime.app)
        .get(
          `/api/ifc/odata/projects/${projectId}/IFCElementsWide?$select=GlobalId,VersionNumber,Pset_WallCommon_Mark`,
        )
        .set(bearer());
      if (res.status === 200)
        return (res.body.value as Row[])
          .map(({ Id: _key, ...row }) => row)
          .sort((a, b) => String(a.GlobalId).localeCompare(String(b.GlobalId)));
      expect([res.status, res.body.error?.code]).toEqual([503, 'ServiceUnavailable']);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('IFCElementsWide still answers 503 after 60 s');
  }
  const v1Rows = [
    { GlobalId: 'A', VersionNumber: 1, Pset_WallCommon_Mark: 'one' },
    { GlobalId: 'B', VersionNumber: 1, Pset_WallCommon_Mark: 'one' },
  ];

  it('serves the rolled-back version’s wide rows when its wide set was kept', async () => {
    const projectId = await newProject();
    const v1 = await publishVersion(projectId, ['A', 'B'], 'one');
    expect(await store.rows.buildWideElements(projectId, v1.version)).not.toBeNull();
    const v2 = await publishVersion(projectId, ['B', 'C', 'D'], 'two');
    expect(await store.rows.buildWideElements(projectId, v2.version)).not.toBeNull();
    expect((await wideRows(projectId)).map((r) => r.VersionNumber)).toEqual([2, 2, 2]);
    await rollback(projectId, 1);
    expect(await wideRows(projectId)).toEqual(v1Rows);
  });

  it('prepares it again when its post-publish step found it replaced and kept none', async () => {
    const projectId = await newProject();
    const v1 = await publishVersion(projectId, ['A', 'B'], 'one');
    const v2 = await publishVersion(projectId, ['B', 'C', 'D'], 'two');
    // Version 1's step ran only once version 2 was published: an obsolete version's wide set is not kept.
    expect(await store.rows.buildWideElements(projectId, v1.version)).toBeNull();
    expect(await store.rows.buildWideElements(projectId, v2.version)).not.toBeNull();
    expect(await store.rows.wideCatalog(projectId, v1.version)).toBeNull();
    await rollback(projectId, 1);
    expect(await wideRows(projectId)).toEqual(v1Rows);
    expect(await store.rows.preparationFailure(projectId, v1.version)).toBeNull();
    // And forward again: version 2's set was kept, so it serves at once.
    await rollback(projectId, 2);
    expect((await wideRows(projectId)).map((r) => r.GlobalId)).toEqual(['B', 'C', 'D']);
  });
});
