import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../test/row-fixtures';
import { DuplicateError, OwnerGoneError, type Store } from './types';

describeEachStore('store contract: projects, jobs and rows', (target) => {
  let store: Store;
  let ownerId: string;
  beforeAll(async () => {
    store = await target.open();
    const owner = await store.users.create({
      username: `owner_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    ownerId = owner.id;
  });
  afterAll(() => target.dispose(store));

  const newProject = (overrides: Partial<{ id: string; ownerId: string | null; isPublic: boolean }> = {}) =>
    store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name: 'Model',
      fileName: 'model.ifc',
      fileSize: 1234,
      schema: 'IFC4',
      ...overrides,
    });

  const summary = (elementCount: number) => ({
    schema: 'IFC4',
    elementCount,
    propertyCount: 1,
    spatialCount: 1,
    countsByType: { IfcWall: elementCount },
    countsByStorey: { 'Level 1': elementCount },
  });

  it('creates a queued project with empty counts and refuses a duplicate id', async () => {
    const project = await newProject();
    expect(project).toMatchObject({
      status: 'queued',
      version: 0,
      elementCount: 0,
      countsByType: {},
      ownerId,
      isPublic: false,
    });
    await expect(store.projects.create({ ...project, schema: null })).rejects.toEqual(
      new DuplicateError('id'),
    );
  });

  it('refuses a project whose owner no longer exists with OwnerGoneError, keeping nothing', async () => {
    const id = `p_${randomUUID()}`;
    const gone = `u_${randomUUID()}`;
    const refused = await newProject({ ownerId: gone, id }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OwnerGoneError);
    expect(refused).toMatchObject({ ownerId: gone });
    expect(await store.projects.findById(id)).toBeNull();
    // A public project without an owner (the demo) needs none.
    expect(await newProject({ ownerId: null })).toMatchObject({ ownerId: null });
  });

  it('lists only the owner’s projects, newest first', async () => {
    const a = await newProject();
    const b = await newProject();
    await newProject({ ownerId: null, isPublic: true });
    const ids = (await store.projects.listByOwner(ownerId)).map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.every((id) => id)).toBe(true);
    expect((await store.projects.listByOwner('nobody')).length).toBe(0);
  });

  it('renames a project, and answers false for one that is gone', async () => {
    const project = await newProject();
    expect(await store.projects.rename(project.id, 'Tårn Ø8 — 北京')).toBe(true);
    expect(await store.projects.findById(project.id)).toMatchObject({
      name: 'Tårn Ø8 — 北京',
      fileName: project.fileName,
    });
    expect((await store.projects.listByOwner(ownerId)).map((p) => p.name)).toContain('Tårn Ø8 — 北京');
    expect(await store.projects.rename('proj_gone', 'x')).toBe(false);
    expect(await store.projects.findById('proj_gone')).toBeNull();
  });

  it('hands out increasing versions and keeps unpublished rows invisible to the published version', async () => {
    const project = await newProject();
    const v1 = await store.projects.nextVersion(project.id);
    const v2 = await store.projects.nextVersion(project.id);
    expect(v2).toBeGreaterThan(v1);
    await store.rows.insertBatch(project.id, v1, {
      elements: [elementRow(10, { IsExternal: true, Name: "O'Brien" }), elementRow(5, { IsExternal: false })],
      properties: [propertyRow(10), propertyRow(5, { NumericValue: 2.5, Value: '2.5' })],
      spatial: [spatialRow(1)],
    });
    expect(await store.rows.countAll(project.id, v1)).toEqual({ elements: 2, properties: 2, spatial: 1 });
    expect(await store.rows.countElements(project.id, v2)).toBe(0);
    expect((await store.projects.findById(project.id))!.version).toBe(0);
  });

  it('publishes a version atomically: ready with the summary; older versions kept until retention prunes them', async () => {
    const project = await newProject();
    const v1 = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, v1, { elements: [elementRow(1)] });
    await store.projects.publish(project.id, v1, summary(1));
    const v2 = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, v2, {
      elements: [elementRow(1), elementRow(2)],
      spatial: [spatialRow(3)],
    });
    expect((await store.projects.findById(project.id))!.elementCount).toBe(1);
    await store.projects.publish(project.id, v2, summary(2));
    const ready = (await store.projects.findById(project.id))!;
    expect(ready).toMatchObject({
      status: 'ready',
      version: v2,
      elementCount: 2,
      countsByType: { IfcWall: 2 },
      error: null,
    });
    expect(ready.processedAt).not.toBeNull();
    expect(await store.rows.countAll(project.id, v1)).toEqual({ elements: 1, properties: 0, spatial: 0 });
    await store.projects.setRetention(project.id, 1);
    // Once the snapshot window (30 minutes by default) after the switch is over.
    await store.pruneSuperseded(Date.now() + 31 * 60_000);
    expect(await store.rows.countAll(project.id, v1)).toEqual({ elements: 0, properties: 0, spatial: 0 });
    expect(await store.rows.countElements(project.id, v2)).toBe(2);
  });

  it('streams elements keyed by GlobalId with booleans and nulls intact across pages', async () => {
    const project = await newProject();
    const model = await store.models.create({ id: project.id, projectId: project.id, name: project.name });
    const record = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
      fileName: 'model.ifc',
      fileSize: 1,
      uploaderId: ownerId,
      schema: 'IFC4',
    });
    const v = record.version;
    const context = {
      modelId: model.id,
      modelName: model.name,
      versionNumber: 1,
      changedAt: record.createdAt,
    };
    const elements = Array.from({ length: 4500 }, (_, i) =>
      elementRow(4500 - i, { LoadBearing: i % 2 === 0, Height: i }),
    );
    for (let i = 0; i < elements.length; i += 1000)
      await store.rows.insertBatch(project.id, v, { elements: elements.slice(i, i + 1000) }, context);
    const seen = [];
    for await (const row of store.rows.streamElements(project.id, v)) seen.push(row);
    expect(seen).toHaveLength(4500);
    // Every element keyed by its GlobalId, each once (the page order is the store's own).
    expect(seen.every((r) => r.Id === `${project.id}:G${r.ExpressId}`)).toBe(true);
    expect(new Set(seen.map((r) => r.Id)).size).toBe(4500);
    expect(seen[0]).toMatchObject({
      Id: `${project.id}:G1`,
      ProjectId: project.id,
      ExpressId: 1,
      Name: null,
    });
    expect(typeof seen[0]!.LoadBearing).toBe('boolean');
    expect(seen.find((r) => r.ExpressId === 4500)).toMatchObject({ LoadBearing: true, Height: 0 });
  }, 120_000);

  it('deletes one version’s rows (a failed job) without touching the published one', async () => {
    const project = await newProject();
    const v1 = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, v1, { elements: [elementRow(1)] });
    await store.projects.publish(project.id, v1, summary(1));
    const v2 = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, v2, {
      elements: [elementRow(1), elementRow(2)],
      properties: [propertyRow(1)],
    });
    await store.rows.deleteVersion(project.id, v2);
    expect(await store.rows.countAll(project.id, v2)).toEqual({ elements: 0, properties: 0, spatial: 0 });
    expect(await store.rows.countElements(project.id, v1)).toBe(1);
  });

  it('records job state changes and finds jobs by status', async () => {
    const project = await newProject();
    const job = await store.jobs.create({
      id: `j_${randomUUID()}`,
      projectId: project.id,
      ownerId,
      version: 1,
      filePath: '/tmp/x.ifc',
    });
    expect(job).toMatchObject({ status: 'queued', error: null, startedAt: null });
    const startedAt = new Date().toISOString();
    await store.jobs.update(job.id, { status: 'processing', startedAt });
    expect((await store.jobs.listByStatus(['processing'])).map((j) => j.id)).toContain(job.id);
    await store.jobs.update(job.id, {
      status: 'failed',
      error: 'boom',
      finishedAt: startedAt,
      durationMs: 12,
    });
    expect(await store.jobs.findById(job.id)).toMatchObject({
      status: 'failed',
      error: 'boom',
      durationMs: 12,
      startedAt,
    });
    expect((await store.jobs.listByStatus(['processing'])).map((j) => j.id)).not.toContain(job.id);
    await store.projects.setStatus(project.id, 'failed', 'boom');
    expect(await store.projects.findById(project.id)).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('lists a project’s jobs newest first, and no other project’s', async () => {
    const project = await newProject();
    const other = await newProject();
    const job = (projectId: string, version: number) =>
      store.jobs.create({ id: `j_${randomUUID()}`, projectId, ownerId, version, filePath: '/tmp/z.ifc' });
    const first = await job(project.id, 1);
    await job(other.id, 1);
    const second = await job(project.id, 2);
    expect((await store.jobs.listByProject(project.id)).map((j) => [j.id, j.version])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);
    expect(await store.jobs.listByProject(`p_${randomUUID()}`)).toEqual([]);
  });

  it('deletes a project with its rows; its jobs stay readable (a polling client sees how they ended)', async () => {
    const project = await newProject();
    const v = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, v, {
      elements: [elementRow(1)],
      properties: [propertyRow(1)],
      spatial: [spatialRow(2)],
    });
    const job = await store.jobs.create({
      id: `j_${randomUUID()}`,
      projectId: project.id,
      ownerId,
      version: v,
      filePath: '/tmp/y.ifc',
    });
    expect(await store.projects.delete(project.id)).toBe(true);
    expect(await store.projects.findById(project.id)).toBeNull();
    expect(await store.jobs.findById(job.id)).toMatchObject({ id: job.id, projectId: project.id });
    await expect(
      store.jobs.create({
        id: `j_${randomUUID()}`,
        projectId: project.id,
        ownerId,
        version: v + 1,
        filePath: '/x',
      }),
    ).rejects.toThrow();
    expect(await store.rows.countAll(project.id, v)).toEqual({ elements: 0, properties: 0, spatial: 0 });
    expect(await store.projects.delete(project.id)).toBe(false);
  });

  it('deleting a user removes everything the user owns and nobody else’s', async () => {
    const user = await store.users.create({
      username: `gone_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    const mine = await newProject({ ownerId: user.id });
    const v = await store.projects.nextVersion(mine.id);
    await store.rows.insertBatch(mine.id, v, { elements: [elementRow(1)] });
    const job = await store.jobs.create({
      id: `j_${randomUUID()}`,
      projectId: mine.id,
      ownerId: user.id,
      version: v,
      filePath: '/tmp/z.ifc',
    });
    const theirs = await newProject();
    await store.users.delete(user.id);
    expect(await store.projects.findById(mine.id)).toBeNull();
    expect(await store.jobs.findById(job.id)).toBeNull();
    expect(await store.rows.countElements(mine.id, v)).toBe(0);
    expect(await store.projects.findById(theirs.id)).not.toBeNull();
  });
});
