import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../test/row-fixtures';
import { modelStoreFixture, summaryOf, wallRows } from '../test/model-store';

// Models and versions on both stores: creating, numbering, publishing, what the feed sees. Rows and names:
// model-rows.contract.test.ts; rollback, retention and removal: model-history.contract.test.ts.
describeEachStore('store contract: models and versions', (target) => {
  const f = modelStoreFixture(target.open, target.dispose);

  it('create project → create model (id = project id) → createVersion → insert → publish', async () => {
    const { store, ownerId } = f;
    const { project, model } = await f.newProject();
    expect(model).toMatchObject({
      id: project.id,
      projectId: project.id,
      name: 'Tower Ä',
      publishedVersion: 0,
    });
    expect(project.retention).toBeNull();
    expect(await store.models.listByProject(project.id)).toEqual([model]);

    const queued = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
      fileName: 'tower.ifc',
      fileSize: 1234,
      uploaderId: ownerId,
      schema: 'IFC2X3',
    });
    expect(queued).toMatchObject({
      projectId: project.id,
      modelId: model.id,
      number: 1,
      status: 'queued',
      retained: true,
      warnings: [],
      changes: null,
      processedAt: null,
      elementCount: 0,
    });
    expect(queued.version).toBeGreaterThan(0);
    // The internal row version comes from the project's counter: the next one is past it.
    expect(await store.projects.nextVersion(project.id)).toBeGreaterThan(queued.version);

    await store.rows.insertBatch(
      project.id,
      queued.version,
      { elements: [elementRow(1), elementRow(2)], properties: [propertyRow(1)], spatial: [spatialRow(3)] },
      { modelId: model.id, modelName: model.name, versionNumber: queued.number, changedAt: queued.createdAt },
    );
    expect(await store.rows.countAll(project.id, queued.version)).toEqual({
      elements: 2,
      properties: 1,
      spatial: 1,
    });
    await store.projects.publish(project.id, queued.version, summaryOf(wallRows(2), 'IFC2X3'));

    const ready = (await store.models.findVersion(project.id, model.id, 1))!;
    expect(ready).toMatchObject({ status: 'ready', elementCount: 2, schema: 'IFC2X3', error: null });
    expect(ready.processedAt).not.toBeNull();
    expect(await store.models.findVersionByRowVersion(project.id, queued.version)).toEqual(ready);
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(queued.version);
    expect(await store.projects.findById(project.id)).toMatchObject({
      status: 'ready',
      version: queued.version,
      elementCount: 2,
      schema: 'IFC2X3',
      countsByType: { IfcWall: 2 },
    });
  });

  it('a model is found only in its own project and its id is unique', async () => {
    const { store } = f;
    const a = await f.newProject();
    const b = await f.newProject();
    expect(await store.models.findById(b.project.id, a.model.id)).toBeNull();
    expect(await store.models.findVersion(b.project.id, a.model.id, 1)).toBeNull();
    await expect(
      store.models.create({ id: a.model.id, projectId: a.project.id, name: 'again' }),
    ).rejects.toThrow(/duplicate id/);
  });

  it('numbers versions per model and lists them newest first, each with its own row version', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const second = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const v1 = await f.upload(project.id, wallRows(1), { modelId: model.id });
    const m1 = await f.upload(project.id, wallRows(1), { modelId: second.id });
    const v2 = await f.upload(project.id, wallRows(2), { modelId: model.id });
    expect([v1.number, m1.number, v2.number]).toEqual([1, 1, 2]);
    expect(new Set([v1.version, m1.version, v2.version]).size).toBe(3);
    expect((await store.models.listVersions(project.id, model.id)).map((v) => v.number)).toEqual([2, 1]);
    expect((await store.models.listVersions(project.id)).map((v) => `${v.modelId}:${v.number}`)).toEqual([
      `${model.id}:2`,
      `${second.id}:1`,
      `${model.id}:1`,
    ]);
    expect((await store.models.listByProject(project.id)).map((m) => m.id)).toEqual([model.id, second.id]);
  });

  it('publishing sums the project over every model’s published version and keeps other versions’ rows', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const arch1 = await f.upload(project.id, wallRows(3), { modelId: model.id, fileName: 'arch-1.ifc' });
    await f.upload(project.id, wallRows(2, { first: 100, type: 'IfcPipeSegment' }), {
      modelId: mep.id,
      fileName: 'mep.ifc',
    });
    const arch2 = await f.upload(project.id, wallRows(4), {
      modelId: model.id,
      fileName: 'arch-2.ifc',
      schema: 'IFC4X3',
    });

    const p = (await store.projects.findById(project.id))!;
    expect(p).toMatchObject({
      elementCount: 6,
      propertyCount: 6,
      spatialCount: 2,
      countsByType: { IfcWall: 4, IfcPipeSegment: 2 },
      countsByStorey: { 'Level 1': 6 },
      fileName: 'arch-2.ifc',
      schema: 'IFC4X3',
      version: arch2.version,
    });
    // Retention is unset: version 1's rows are kept (for rollback and change computation).
    expect(await store.rows.countAll(project.id, arch1.version)).toEqual({
      elements: 3,
      properties: 3,
      spatial: 1,
    });
    expect((await store.models.findVersion(project.id, model.id, 1))!.retained).toBe(true);
  });

  it('streams what the project serves: every model’s published version, rows stamped with their model', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const mep = await store.models.create({
      id: `m_${randomUUID()}`,
      projectId: project.id,
      name: 'MEP ✓',
    });
    await f.upload(project.id, wallRows(1), { modelId: model.id });
    const arch2 = await f.upload(project.id, wallRows(2), { modelId: model.id });
    const mep1 = await f.upload(project.id, wallRows(1, { first: 50 }), { modelId: mep.id });
    const rows = [];
    for await (const row of store.rows.streamElements(project.id)) rows.push(row);
    expect(rows.map((r) => [r.Id, r.ModelId, r.ModelName, r.VersionNumber, r.ChangedAt])).toEqual([
      [`${model.id}:G1`, model.id, model.name, 2, arch2.createdAt],
      [`${model.id}:G2`, model.id, model.name, 2, arch2.createdAt],
      [`${mep.id}:G50`, mep.id, 'MEP ✓', 1, mep1.createdAt],
    ]);
  });

  it('the feed sees one version per (project, model): each model’s published one, or version 0 before any', async () => {
    const { store, ownerId } = f;
    const { project, model } = await f.newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const scope = { userId: ownerId, projectIds: [project.id] };
    expect(await store.feed.visibleVersions(scope)).toEqual([
      expect.objectContaining({ id: project.id, version: 0, isPublic: false }),
    ]);
    const a = await f.upload(project.id, wallRows(1), { modelId: model.id });
    // A model with nothing published yet adds no entry.
    expect((await store.feed.visibleVersions(scope)).map((v) => [v.modelId, v.version])).toEqual([
      [model.id, a.version],
    ]);
    const m = await f.upload(project.id, wallRows(1), { modelId: mep.id });
    const visible = await store.feed.visibleVersions(scope);
    expect(visible.map((v) => [v.id, v.modelId, v.version])).toEqual([
      [project.id, model.id, a.version],
      [project.id, mep.id, m.version],
    ]);
    const stamp = Date.parse((await store.projects.findById(project.id))!.processedAt!);
    expect(visible.every((v) => v.stamp === stamp)).toBe(true);
    expect(await store.feed.visibleVersions({ userId: 'someone-else', projectIds: [project.id] })).toEqual(
      [],
    );
  });

  it('every publish moves the project’s stamp forward', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const stamps: number[] = [];
    for (let i = 0; i < 3; i++) {
      await f.upload(project.id, wallRows(1), { modelId: model.id });
      stamps.push(Date.parse((await store.projects.findById(project.id))!.processedAt!));
    }
    expect(stamps[1]).toBeGreaterThan(stamps[0]!);
    expect(stamps[2]).toBeGreaterThan(stamps[1]!);
  });

  it('an older version finishing after a newer one was published does not replace it', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const slow = await f.createVersion(project.id, { fileName: 'slow.ifc', fileSize: 1, schema: null });
    const fast = await f.upload(project.id, wallRows(2), { modelId: model.id });
    await store.rows.insertBatch(
      project.id,
      slow.version,
      { elements: [elementRow(1)] },
      { modelId: model.id, modelName: model.name, versionNumber: slow.number, changedAt: slow.createdAt },
    );
    await store.projects.publish(project.id, slow.version, summaryOf(wallRows(1)));
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(fast.version);
    expect((await store.projects.findById(project.id))!.elementCount).toBe(2);
  });

  it('a row version written without a model version becomes the next version of the default model', async () => {
    const { store, ownerId } = f;
    const project = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name: 'Legacy',
      fileName: 'legacy.ifc',
      fileSize: 9,
      schema: null,
    });
    const version = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, version, { elements: [elementRow(1)] });
    await store.projects.publish(project.id, version, summaryOf(wallRows(1)));
    expect(await store.models.listByProject(project.id)).toEqual([
      expect.objectContaining({ id: project.id, name: 'Legacy', publishedVersion: version }),
    ]);
    expect(await store.models.findVersionByRowVersion(project.id, version)).toMatchObject({
      modelId: project.id,
      number: 1,
      status: 'ready',
      fileName: 'legacy.ifc',
      createdAt: project.createdAt,
    });
  });

  it('updates a version’s status, error, timing, warnings and change summary', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const v = await f.createVersion(project.id, {
      fileName: 'x.ifc',
      fileSize: 1,
      uploaderId: null,
      schema: null,
    });
    const changes = {
      status: 'ready' as const,
      previousVersionNumber: 1,
      added: 1,
      removed: 2,
      modified: 3,
      propertyValuesChanged: 4,
      commonElements: 5,
      byType: { IfcWall: { added: 1, removed: 2, modified: 3 } },
      byStorey: { '': { added: 1, removed: 2, modified: 3 } },
      error: null,
    };
    await store.models.updateVersion(project.id, v.version, {
      status: 'failed',
      error: 'boom ✗',
      processingMs: 1234,
      warnings: ['Schema changed from IFC2X3 to IFC4'],
      changes,
    });
    expect(await store.models.findVersion(project.id, model.id, v.number)).toMatchObject({
      status: 'failed',
      error: 'boom ✗',
      processingMs: 1234,
      warnings: ['Schema changed from IFC2X3 to IFC4'],
      changes,
    });
    await store.models.updateVersion(project.id, v.version, { changes: null, error: null });
    expect(await store.models.findVersion(project.id, model.id, v.number)).toMatchObject({
      changes: null,
      error: null,
      status: 'failed',
    });
  });
});
