import { changesFixture, astral, highBmp, version1, version2 } from '../test/change-fixtures';
import { describeEachStore } from '../test/store-fixtures';
import { withWideElements } from './feed-model';

// ChangedAt on both stores: carried over for unchanged elements, this version's upload time for the others.
describeEachStore('store contract: what changed between versions — ChangedAt', (target) => {
  // FerretDB (the MongoDB-compatible server tests run against) takes seconds per thousand rows on a busy machine.
  if (target.name === 'mongodb') jest.setTimeout(180_000);
  const c = changesFixture(target);
  const { newProject, upload, read, changedAtOf } = c;

  it('carries ChangedAt of unchanged elements over from the previous version, across versions', async () => {
    const projectId = await newProject();
    const v1 = await upload(projectId, version1.elements, version1.properties);
    expect(new Set((await changedAtOf(projectId)).values())).toEqual(new Set([Date.parse(v1.createdAt)]));
    const v2 = await upload(projectId, version2.elements, version2.properties);
    // Between publish and the change step every element counts as changed.
    expect(new Set((await changedAtOf(projectId)).values())).toEqual(new Set([Date.parse(v2.createdAt)]));
    // The wide set built before the change step follows the carried ChangedAt too.
    const catalog = (await c.store.rows.buildWideElements(projectId, v2.version))!;
    await c.store.rows.computeChanges(projectId, v2.version, v1.version);
    const t1 = Date.parse(v1.createdAt);
    const t2 = Date.parse(v2.createdAt);
    const wide = await read(
      'IFCElementsWide',
      projectId,
      '$select=GlobalId,ChangedAt',
      withWideElements(c.store.feed.model, catalog),
    );
    expect(
      Object.fromEntries(wide.map((r) => [r.GlobalId, new Date(r.ChangedAt as string).getTime()])),
    ).toEqual({
      'A-keep': t1,
      'B-columns': t2,
      'C-props': t2,
      [astral]: t1,
      [highBmp]: t1,
      'F-added': t2,
    });
    expect(Object.fromEntries(await changedAtOf(projectId))).toEqual({
      'A-keep': t1,
      'B-columns': t2,
      'C-props': t2,
      [astral]: t1,
      [highBmp]: t1,
      'F-added': t2,
    });
    // Version 3 changes only the added window: the others keep the time they last changed.
    const v3 = await upload(
      projectId,
      version2.elements.map((e) => (e.GlobalId === 'F-added' ? { ...e, Name: 'Fenster 2' } : e)),
      version2.properties,
    );
    const summary = await c.store.rows.computeChanges(projectId, v3.version, v2.version);
    expect(summary).toMatchObject({ added: 0, removed: 0, modified: 1, commonElements: 6 });
    expect(Object.fromEntries(await changedAtOf(projectId))).toEqual({
      'A-keep': t1,
      'B-columns': t2,
      'C-props': t2,
      [astral]: t1,
      [highBmp]: t1,
      'F-added': Date.parse(v3.createdAt),
    });
    // Both versions' change rows are served, each under its own version number.
    const rows = await read('IFCChanges', projectId, '$select=VersionNumber,GlobalId,ChangeType');
    expect(rows.filter((r) => r.VersionNumber === 3)).toEqual([
      { VersionNumber: 3, GlobalId: 'F-added', ChangeType: 'Modified' },
    ]);
    expect(rows.filter((r) => r.VersionNumber === 2)).toHaveLength(4);
  });
});
