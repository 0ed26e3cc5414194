import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../test/row-fixtures';
import type { PublishSummary, RowContext, Store, VersionRecord } from './types';

/** Later than the default snapshot window (SNAPSHOT_GRACE_MINUTES, 30) after now. */
const PAST_SNAPSHOT_WINDOW = 31 * 60_000;

describeEachStore('store contract: models and versions', (target) => {
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

  const summary = (elementCount: number, type = 'IfcWall', schema = 'IFC4'): PublishSummary => ({
    schema,
    elementCount,
    propertyCount: elementCount,
    spatialCount: 1,
    countsByType: { [type]: elementCount },
    countsByStorey: { 'Level 1': elementCount },
  });

  /** A project with its default model (id = project id), as the upload service makes it. */
  async function newProject(name = 'Tower Ä') {
    const project = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name,
      fileName: 'tower.ifc',
      fileSize: 1234,
      schema: 'IFC4',
    });
    const model = await store.models.create({ id: project.id, projectId: project.id, name });
    return { project, model };
  }

  const contextOf = (v: VersionRecord, modelName: string): RowContext => ({
    modelId: v.modelId,
    modelName,
    versionNumber: v.number,
    changedAt: v.createdAt,
  });

  /** Uploads one version of a model: a record, `count` element rows (ExpressIds from `first`), then publish. */
  async function upload(
    projectId: string,
    modelId: string,
    modelName: string,
    count: number,
    options: { first?: number; type?: string; fileName?: string; schema?: string } = {},
  ): Promise<VersionRecord> {
    const v = await store.models.createVersion({
      projectId,
      modelId,
      fileName: options.fileName ?? `${modelName}.ifc`,
      fileSize: 100 + count,
      uploaderId: ownerId,
      schema: options.schema ?? 'IFC4',
    });
    const first = options.first ?? 1;
    const ids = Array.from({ length: count }, (_, i) => first + i);
    await store.rows.insertBatch(
      projectId,
      v.version,
      {
        elements: ids.map((id) => elementRow(id, { IfcType: options.type ?? 'IfcWall' })),
        properties: ids.map((id) => propertyRow(id)),
        spatial: [spatialRow(first + 10_000)],
      },
      contextOf(v, modelName),
    );
    await store.projects.publish(projectId, v.version, summary(count, options.type, options.schema));
    return (await store.models.findVersion(projectId, modelId, v.number))!;
  }

  it('create project → create model (id = project id) → createVersion → insert → publish', async () => {
    const { project, model } = await newProject();
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
      contextOf(queued, model.name),
    );
    expect(await store.rows.countAll(project.id, queued.version)).toEqual({
      elements: 2,
      properties: 1,
      spatial: 1,
    });
    await store.projects.publish(project.id, queued.version, summary(2, 'IfcWall', 'IFC2X3'));

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
    const a = await newProject();
    const b = await newProject();
    expect(await store.models.findById(b.project.id, a.model.id)).toBeNull();
    expect(await store.models.findVersion(b.project.id, a.model.id, 1)).toBeNull();
    await expect(
      store.models.create({ id: a.model.id, projectId: a.project.id, name: 'again' }),
    ).rejects.toThrow(/duplicate id/);
  });

  it('numbers versions per model and lists them newest first, each with its own row version', async () => {
    const { project, model } = await newProject();
    const second = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const v1 = await upload(project.id, model.id, model.name, 1);
    const m1 = await upload(project.id, second.id, second.name, 1);
    const v2 = await upload(project.id, model.id, model.name, 2);
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
    const { project, model } = await newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const arch1 = await upload(project.id, model.id, model.name, 3, { fileName: 'arch-1.ifc' });
    await upload(project.id, mep.id, mep.name, 2, {
      first: 100,
      type: 'IfcPipeSegment',
      fileName: 'mep.ifc',
    });
    const arch2 = await upload(project.id, model.id, model.name, 4, {
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
    const { project, model } = await newProject();
    const mep = await store.models.create({
      id: `m_${randomUUID()}`,
      projectId: project.id,
      name: 'MEP ✓',
    });
    await upload(project.id, model.id, model.name, 1);
    const arch2 = await upload(project.id, model.id, model.name, 2);
    const mep1 = await upload(project.id, mep.id, mep.name, 1, { first: 50 });
    const rows = [];
    for await (const row of store.rows.streamElements(project.id)) rows.push(row);
    expect(rows.map((r) => [r.Id, r.ModelId, r.ModelName, r.VersionNumber, r.ChangedAt])).toEqual([
      [`${model.id}:G1`, model.id, model.name, 2, arch2.createdAt],
      [`${model.id}:G2`, model.id, model.name, 2, arch2.createdAt],
      [`${mep.id}:G50`, mep.id, 'MEP ✓', 1, mep1.createdAt],
    ]);
  });

  it('the feed sees one version per (project, model): each model’s published one, or version 0 before any', async () => {
    const { project, model } = await newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    const scope = { userId: ownerId, projectIds: [project.id] };
    expect(await store.feed.visibleVersions(scope)).toEqual([
      expect.objectContaining({ id: project.id, version: 0, isPublic: false }),
    ]);
    const a = await upload(project.id, model.id, model.name, 1);
    // A model with nothing published yet adds no entry.
    expect((await store.feed.visibleVersions(scope)).map((v) => [v.modelId, v.version])).toEqual([
      [model.id, a.version],
    ]);
    const m = await upload(project.id, mep.id, mep.name, 1);
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
    const { project, model } = await newProject();
    const stamps: number[] = [];
    for (let i = 0; i < 3; i++) {
      await upload(project.id, model.id, model.name, 1);
      stamps.push(Date.parse((await store.projects.findById(project.id))!.processedAt!));
    }
    expect(stamps[1]).toBeGreaterThan(stamps[0]!);
    expect(stamps[2]).toBeGreaterThan(stamps[1]!);
  });

  it('an older version finishing after a newer one was published does not replace it', async () => {
    const { project, model } = await newProject();
    const slow = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
      fileName: 'slow.ifc',
      fileSize: 1,
      uploaderId: ownerId,
      schema: null,
    });
    const fast = await upload(project.id, model.id, model.name, 2);
    await store.rows.insertBatch(
      project.id,
      slow.version,
      { elements: [elementRow(1)] },
      contextOf(slow, model.name),
    );
    await store.projects.publish(project.id, slow.version, summary(1));
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(fast.version);
    expect((await store.projects.findById(project.id))!.elementCount).toBe(2);
  });

  it('retention keeps the N newest ready versions per model and the published one; pruned ones stay listed', async () => {
    const { project, model } = await newProject();
    const other = await store.models.create({
      id: `m_${randomUUID()}`,
      projectId: project.id,
      name: 'Other',
    });
    const o1 = await upload(project.id, other.id, other.name, 1);
    await store.projects.setRetention(project.id, 2);
    expect((await store.projects.findById(project.id))!.retention).toBe(2);
    const versions = [];
    for (let i = 0; i < 4; i++) versions.push(await upload(project.id, model.id, model.name, 1));
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
    const next = await upload(project.id, model.id, model.name, 1);
    expect((await store.models.findVersion(project.id, model.id, 4))!.retained).toBe(true);
    expect(next.retained).toBe(true);
  });

  it('a row version written without a model version becomes the next version of the default model', async () => {
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
    await store.projects.publish(project.id, version, summary(1));
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
    const { project, model } = await newProject();
    const v = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
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

  it('keys elements by model and GlobalId: repeats get #2, #3… in extraction order, a missing one ~ExpressId', async () => {
    const { project, model } = await newProject();
    const v = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
      fileName: 'dups.ifc',
      fileSize: 1,
      uploaderId: ownerId,
      schema: 'IFC4',
    });
    const context = contextOf(v, model.name);
    await store.rows.insertBatch(
      project.id,
      v.version,
      {
        elements: [
          elementRow(7, { GlobalId: '2O2Fr$t4X7Zf8NOew3FLOH' }),
          elementRow(3, { GlobalId: 'dup' }),
          elementRow(4, { GlobalId: 'dup' }),
          elementRow(5, { GlobalId: null }),
          elementRow(6, { GlobalId: '' }),
        ],
      },
      context,
    );
    // The third element with the same GlobalId arrives in a later batch.
    await store.rows.insertBatch(
      project.id,
      v.version,
      { elements: [elementRow(2, { GlobalId: 'dup' })] },
      context,
    );
    const ids = new Map<number, string>();
    for await (const row of store.rows.streamElements(project.id, v.version)) ids.set(row.ExpressId, row.Id);
    expect(Object.fromEntries(ids)).toEqual({
      7: `${model.id}:2O2Fr$t4X7Zf8NOew3FLOH`,
      3: `${model.id}:dup`,
      4: `${model.id}:dup#2`,
      2: `${model.id}:dup#3`,
      5: `${model.id}:~5`,
      6: `${model.id}:~6`,
    });
  });

  it('an unchanged GlobalId keeps its element Id across versions', async () => {
    const { project, model } = await newProject();
    const ids: string[][] = [];
    for (const first of [1, 1]) {
      const v = await upload(project.id, model.id, model.name, 2, { first });
      const seen: string[] = [];
      for await (const row of store.rows.streamElements(project.id, v.version)) seen.push(row.Id);
      ids.push(seen);
    }
    expect(ids[0]).toEqual([`${model.id}:G1`, `${model.id}:G2`]);
    expect(ids[1]).toEqual(ids[0]);
  });

  const elementsOf = async (projectId: string, version: number) => {
    const rows = [];
    for await (const row of store.rows.streamElements(projectId, version)) rows.push(row);
    return rows;
  };
  const stampOf = async (projectId: string) =>
    Date.parse((await store.projects.findById(projectId))!.processedAt!);

  it('renaming a model rewrites ModelName on every kept version’s rows and moves the stamp', async () => {
    const { project, model } = await newProject();
    const v1 = await upload(project.id, model.id, model.name, 1);
    const v2 = await upload(project.id, model.id, model.name, 2);
    const before = await stampOf(project.id);
    expect(await store.models.rename(project.id, model.id, 'Façade – Nord')).toBe(true);
    expect((await store.models.findById(project.id, model.id))!.name).toBe('Façade – Nord');
    for (const v of [v1, v2])
      expect(new Set((await elementsOf(project.id, v.version)).map((r) => r.ModelName))).toEqual(
        new Set(['Façade – Nord']),
      );
    expect(await stampOf(project.id)).toBeGreaterThan(before);
    expect(await store.models.rename(project.id, 'no-such-model', 'x')).toBe(false);
    const other = await newProject();
    expect(await store.models.rename(other.project.id, model.id, 'x')).toBe(false);
  });

  it('deleting a model removes its versions and rows; the project is summed over the others', async () => {
    const { project, model } = await newProject();
    const mep = await store.models.create({ id: `m_${randomUUID()}`, projectId: project.id, name: 'MEP' });
    await upload(project.id, model.id, model.name, 3);
    const m1 = await upload(project.id, mep.id, mep.name, 2, { type: 'IfcPipeSegment' });
    const m2 = await upload(project.id, mep.id, mep.name, 1, { type: 'IfcPipeSegment' });
    await store.rows.buildWideElements(project.id, m2.version);
    const before = await stampOf(project.id);
    expect(await store.models.delete(project.id, mep.id)).toBe(true);
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
    expect(await store.models.delete(project.id, mep.id)).toBe(false);
  });

  it('deletes a version that is not the published one: rows, wide set and record', async () => {
    const { project, model } = await newProject();
    const v1 = await upload(project.id, model.id, model.name, 2);
    await store.rows.buildWideElements(project.id, v1.version);
    const v2 = await upload(project.id, model.id, model.name, 1);
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
    expect((await upload(project.id, model.id, model.name, 1)).number).toBe(3);
  });

  it('rolls back to an older retained ready version: served again, the project re-summed and re-stamped', async () => {
    const { project, model } = await newProject();
    const v1 = await upload(project.id, model.id, model.name, 1, { fileName: 'one.ifc', schema: 'IFC2X3' });
    await upload(project.id, model.id, model.name, 3, { fileName: 'two.ifc' });
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
    const { project, model } = await newProject();
    await upload(project.id, model.id, model.name, 1);
    await upload(project.id, model.id, model.name, 1);
    await store.projects.setRetention(project.id, 1);
    await store.pruneSuperseded(Date.now() + PAST_SNAPSHOT_WINDOW);
    expect((await store.models.findVersion(project.id, model.id, 1))!.retained).toBe(false);
    expect(await store.models.rollback(project.id, model.id, 1)).toBe(false);
    const failed = await store.models.createVersion({
      projectId: project.id,
      modelId: model.id,
      fileName: 'bad.ifc',
      fileSize: 1,
      uploaderId: ownerId,
      schema: null,
    });
    await store.models.updateVersion(project.id, failed.version, { status: 'failed', error: 'broken' });
    expect(await store.models.rollback(project.id, model.id, failed.number)).toBe(false);
    expect((await store.models.findById(project.id, model.id))!.publishedVersion).toBe(
      (await store.models.findVersion(project.id, model.id, 2))!.version,
    );
  });

  it('deleting the project removes its models and versions', async () => {
    const { project, model } = await newProject();
    const v = await upload(project.id, model.id, model.name, 1);
    await store.projects.delete(project.id);
    expect(await store.models.findById(project.id, model.id)).toBeNull();
    expect(await store.models.listVersions(project.id)).toEqual([]);
    expect(await store.rows.countElements(project.id, v.version)).toBe(0);
  });
});
