import { describeEachStore } from '../test/store-fixtures';
import { elementRow } from '../test/row-fixtures';
import { modelStoreFixture, wallRows } from '../test/model-store';

// What a model's version writes on its rows, on both stores: element keys and the model's name.
describeEachStore('store contract: models and versions — rows', (target) => {
  const f = modelStoreFixture(target.open, target.dispose);

  const elementsOf = async (projectId: string, version: number) => {
    const rows = [];
    for await (const row of f.store.rows.streamElements(projectId, version)) rows.push(row);
    return rows;
  };
  const stampOf = async (projectId: string) =>
    Date.parse((await f.store.projects.findById(projectId))!.processedAt!);

  it('keys elements by model and GlobalId: repeats get #2, #3… in extraction order, a missing one ~ExpressId', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const v = await f.createVersion(project.id, { fileName: 'dups.ifc', fileSize: 1 });
    const context = {
      modelId: v.modelId,
      modelName: model.name,
      versionNumber: v.number,
      changedAt: v.createdAt,
    };
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
    const { project, model } = await f.newProject();
    const ids: string[][] = [];
    for (const first of [1, 1]) {
      const v = await f.upload(project.id, wallRows(2, { first }), { modelId: model.id });
      ids.push((await elementsOf(project.id, v.version)).map((row) => row.Id));
    }
    expect(ids[0]).toEqual([`${model.id}:G1`, `${model.id}:G2`]);
    expect(ids[1]).toEqual(ids[0]);
  });

  it('renaming a model rewrites ModelName on every kept version’s rows and moves the stamp', async () => {
    const { store } = f;
    const { project, model } = await f.newProject();
    const v1 = await f.upload(project.id, wallRows(1), { modelId: model.id });
    const v2 = await f.upload(project.id, wallRows(2), { modelId: model.id });
    const before = await stampOf(project.id);
    expect(await store.models.rename(project.id, model.id, 'Façade – Nord')).toBe(true);
    expect((await store.models.findById(project.id, model.id))!.name).toBe('Façade – Nord');
    for (const v of [v1, v2])
      expect(new Set((await elementsOf(project.id, v.version)).map((r) => r.ModelName))).toEqual(
        new Set(['Façade – Nord']),
      );
    expect(await stampOf(project.id)).toBeGreaterThan(before);
    expect(await store.models.rename(project.id, 'no-such-model', 'x')).toBe(false);
    const other = await f.newProject();
    expect(await store.models.rename(other.project.id, model.id, 'x')).toBe(false);
  });
});
