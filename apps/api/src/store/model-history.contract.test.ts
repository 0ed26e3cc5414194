import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { modelStoreFixture, PAST_SNAPSHOT_WINDOW, wallRows } from '../test/model-store';

// A model's history on both stores: retention, rollback, removing a version, a model or the project.
describeEachStore('store contract: models and versions — history', (target) => {
  const f = modelStoreFixture(target.open, target.dispose);

  const stampOf = async (projectId: string) =>
    Date.parse((await f.store.projects.findById(projectId))!.processedAt!);

  it('retention keeps the N newest ready versions per model and the published one; pruned ones stay listed', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const other = await store.models.create({
      id: `m_${randomUUID()}`,
      projectId: project.id,
      name: 'Other',
    });
    const o1 = await f.upload(project.id, wallRows(1), { modelId: other.id });
    await store.projects.setRetention(project.id, 2);
    expect((await store.projects.findById(project.id))!.retention).toBe(2);
    const versions = [];
    for (let i = 0; i < 4; i++) versions.push(await f.upload(project.id, wallRows(1), { modelId: model.id }));
    // Replaced versions outlive the switch by the snapshot window (issue 19.2); past it retention prunes them.
    await store.pruneSuperseded(Date.now() + PAST_SNAPSHOT_WINDOW);
    const listed = await store.models.listVersions(project.id, model.id);
    expect(listed.map((v) => [v.number, v.retained])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(await store.rows.countAll(project.id, versions[0]!.version)).toEqual({
      elements: 0,
      properties: 0,
      spatial: 0,
    });
    expect(await store.rows.countElements(project.id, versions[2]!.version)).toBe(1);
    // Another model's versions are counted on their own.
    expect(await store.rows.countElements(project.id, o1.version)).toBe(1);

    // Lowering the setting prunes (once the window is over); null keeps everything from then on.
    await store.projects.setRetention(project.id, 1);
    await store.pruneSuperseded(Date.now() + PAST_SNAPSHOT_WINDOW);
    expect((await store.models.findVersion(project.id, model.id, 3))!.retained).toBe(false);
    expect((await store.models.findVersion(project.id, model.id, 4))!.retained).toBe(true);
    await store.projects.setRetention(project.id, null);
    const next = await f.upload(project.id, wallRows(1), { modelId: model.id });
    expect((await store.models.findVersion(project.id, model.id, 4))!.retained).toBe(true);
    expect(next.retained).toBe(true);
  });

  it('deleting a model removes its versions and rows; the project is summed over the others', async () => {
    const { store, ownerId } = f;
    const { project, model } = await f.newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    await f.upload(project.id, wallRows(3), { modelId: model.id });
    const m1 = await f.upload(project.id, wallRows(2, { type: 'IfcPipeSegment' }), { modelId: mep.id });
    const m2 = await f.upload(project.id, wallRows(1, { type: 'IfcPipeSegment' }), { modelId: mep.id });
    await store.rows.buildWideElements(project.id, m2.version);
    const before = await stampOf(project.id);
    expect(await store.models.delete(project.id, mep.id)).toBe('deleted');
    expect(await store.models.findById(project.id, mep.id)).toBeNull();
    expect(await store.models.listVersions(project.id, mep.id)).toEqual([]);
    for (const v of [m1, m2]) expect(await store.rows.countElements(project.id, v.version)).toBe(0);
    expect(await store.rows.wideCatalog(project.id, m2.version)).toBeNull();
    expect(await store.projects.findById(project.id)).toMatchObject({
      elementCount: 3,
      countsByType: { IfcWall: 3 },
    });
    expect(await stampOf(project.id)).toBeGreaterThan(before);
    const visible = await store.feed.visibleVersions({ userId: ownerId, projectIds: [project.id] });
    expect(visible.map((v) => v.modelId)).toEqual([model.id]);
    expect(await store.models.delete(project.id, mep.id)).toBe('not-found');
    expect(await store.models.delete(project.id, model.id)).toBe('last-model');
    expect(await store.models.findById(project.id, model.id)).not.toBeNull();
    expect(
      await store.rows.countElements(project.id, (await store.models.listVersions(project.id))[0]!.version),
    ).toBe(3);
  });

  it('two deletes at once of a project’s two models leave one model, with its rows', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    await f.upload(project.id, wallRows(3), { modelId: model.id });
    await f.upload(project.id, wallRows(2, { type: 'IfcPipeSegment' }), { modelId: mep.id });
    const outcomes = await Promise.all([
      store.models.delete(project.id, model.id),
      store.models.delete(project.id, mep.id),
    ]);
    expect([...outcomes].sort()).toEqual(['deleted', 'last-model']);
    const left = await store.models.listByProject(project.id);
    expect(left).toHaveLength(1);
    const [kept] = await store.models.listVersions(project.id, left[0]!.id);
    expect(await store.rows.countElements(project.id, kept!.version)).toBe(left[0]!.id === model.id ? 3 : 2);
  });

  it('deletes a version that is not the published one: rows, wide set and record', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const v1 = await f.upload(project.id, wallRows(2), { modelId: model.id });
    await store.rows.buildWideElements(project.id, v1.version);
    const v2 = await f.upload(project.id, wallRows(1), { modelId: model.id });
    expect(await store.models.deleteVersion(project.id, model.id, v2.number)).toBe(false);
    expect(await store.models.deleteVersion(project.id, model.id, v1.number)).toBe(true);
    expect(await store.models.findVersion(project.id, model.id, v1.number)).toBeNull();
    expect(await store.rows.countAll(project.id, v1.version)).toEqual({
      elements: 0,
      properties: 0,
      spatial: 0,
    });
    expect(await store.rows.wideCatalog(project.id, v1.version)).toBeNull();
    expect(await store.models.deleteVersion(project.id, model.id, v1.number)).toBe(false);
    // Numbers are not reused: the next upload is version 3.
    expect((await f.upload(project.id, wallRows(1), { modelId: model.id })).number).toBe(3);
  });

  it('rolls back to an older retained ready version: served again, the project re-summed and re-stamped', async () => {
    const { store, ownerId } = f;
    const { project, model } = await f.newProject();
    const v1 = await f.upload(project.id, wallRows(1), {
      modelId: model.id,
      fileName: 'one.ifc',
      schema: 'IFC2X3',
    });
    await f.upload(project.id, wallRows(3), { modelId: model.id, fileName: 'two.ifc' });
    const before = await stampOf(project.id);
    expect(await store.models.rollback(project.id, model.id, 1)).toBe(true);
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(v1.version);
    expect(await store.projects.findById(project.id)).toMatchObject({
      elementCount: 1,
      fileName: 'one.ifc',
      schema: 'IFC2X3',
    });
    expect(await stampOf(project.id)).toBeGreaterThan(before);
    const visible = await store.feed.visibleVersions({ userId: ownerId, projectIds: [project.id] });
    expect(visible.map((v) => v.version)).toEqual([v1.version]);
    // Version 2 stays retained; back to it works too.
    expect(await store.models.rollback(project.id, model.id, 2)).toBe(true);
    expect((await store.projects.findById(project.id))!.elementCount).toBe(3);
    expect(await store.models.rollback(project.id, model.id, 9)).toBe(false);
  });

  it('refuses to roll back to a pruned or unfinished version', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    await f.upload(project.id, wallRows(1), { modelId: model.id });
    await f.upload(project.id, wallRows(1), { modelId: model.id });
    await store.projects.setRetention(project.id, 1);
    await store.pruneSuperseded(Date.now() + PAST_SNAPSHOT_WINDOW);
    expect((await store.models.findVersion(project.id, model.id, 1))!.retained).toBe(false);
    expect(await store.models.rollback(project.id, model.id, 1)).toBe(false);
    const failed = await f.createVersion(project.id, { fileName: 'bad.ifc', fileSize: 1, schema: null });
    await store.models.updateVersion(project.id, failed.version, { status: 'failed', error: 'broken' });
    expect(await store.models.rollback(project.id, model.id, failed.number)).toBe(false);
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(
      (await store.models.findVersion(project.id, model.id, 2))!.version,
    );
  });

  it('deleting the project removes its models and versions', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const v = await f.upload(project.id, wallRows(1), { modelId: model.id });
    await store.projects.delete(project.id);
    expect(await store.models.findById(project.id, model.id)).toBeNull();
    expect(await store.models.listVersions(project.id)).toEqual([]);
    expect(await store.rows.countElements(project.id, v.version)).toBe(0);
  });
});
