import { changesFixture, prop, wall } from '../test/change-fixtures';
import { describeEachStore } from '../test/store-fixtures';
import { noCommonElementsWarning, pendingChangeSummary } from './change-rules';
import type { Store, VersionRecord } from './types';

/** What the change step records once a version's changes are computed against `previous` (change-step.ts). */
async function computed(store: Store, version: VersionRecord, previous: VersionRecord) {
  const summary = await store.rows.computeChanges(version.projectId, version.version, previous.version);
  const warnings = summary!.commonElements === 0 ? [noCommonElementsWarning(previous.number)] : [];
  await store.models.updateVersion(version.projectId, version.version, { changes: summary!, warnings });
  return summary!;
}

// A model's changes are against its previous retained version: deleting the version a later one was compared with
// compares that one with the version before (or with none), on both stores, in the same step as the deletion.
describeEachStore('store contract: what changed, once the version compared with is deleted', (target) => {
  if (target.name === 'mongodb') jest.setTimeout(180_000);
  const c = changesFixture(target);
  const { newProject, upload, read } = c;
  const find = (v: VersionRecord) => c.store.models.findVersion(v.projectId, v.modelId, v.number);

  /** Version 1 with a property value; 2 changes it (3.999999999999669 → 5.5); 3 is 2 uploaded again. */
  async function threeVersions() {
    const projectId = await newProject();
    const walls = [wall(1, { GlobalId: 'W1', Name: 'Wand' }), wall(2, { GlobalId: 'W2', Name: 'Wand' })];
    const value = (v: string) => [
      prop(1, 'W1', { SetName: 'Pset_Dims', PropertyName: 'Height', Value: v, NumericValue: Number(v) }),
    ];
    const v1 = await upload(projectId, walls, value('3.999999999999669'));
    const v2 = await upload(projectId, walls, value('5.5'));
    const v3 = await upload(projectId, walls, value('5.5'));
    await computed(c.store, v2, v1);
    expect(await computed(c.store, v3, v2)).toMatchObject({ modified: 0, previousVersionNumber: v2.number });
    return { projectId, v1, v2, v3 };
  }

  it('compares the next version with the previous retained one: pending, no rows meanwhile, then recomputed', async () => {
    const { projectId, v1, v2, v3 } = await threeVersions();
    expect(await read('IFCPropertyChanges', projectId, '$select=VersionNumber,OldValue,NewValue')).toEqual([
      { VersionNumber: 2, OldValue: '3.999999999999669', NewValue: '5.5' },
    ]);

    expect(await c.store.models.deleteVersion(projectId, projectId, v2.number)).toBe(true);
    expect((await find(v3))!.changes).toEqual(pendingChangeSummary(v1.number));
    // Neither the deleted version's change set nor version 3's against it is served any more.
    expect(await read('IFCChanges', projectId, '$select=Id')).toEqual([]);
    expect(await read('IFCPropertyChanges', projectId, '$select=Id')).toEqual([]);
    expect(await read('Versions', projectId, '$select=VersionNumber,Modified')).toEqual(
      expect.arrayContaining([{ VersionNumber: 3, Modified: null }]),
    );
    // A change step still running against the deleted version records nothing over it.
    expect(
      await c.store.models.updateVersion(
        projectId,
        v3.version,
        { changes: { ...pendingChangeSummary(v2.number), status: 'failed' } },
        { changesAgainst: v2.number },
      ),
    ).toBe(false);
    expect((await find(v3))!.changes).toEqual(pendingChangeSummary(v1.number));

    expect(await computed(c.store, v3, v1)).toMatchObject({
      modified: 1,
      added: 0,
      removed: 0,
      propertyValuesChanged: 1,
      previousVersionNumber: v1.number,
    });
    expect(
      await read('IFCChanges', projectId, '$select=GlobalId,ChangeType,VersionNumber,PreviousVersionNumber'),
    ).toEqual([{ GlobalId: 'W1', ChangeType: 'Modified', VersionNumber: 3, PreviousVersionNumber: 1 }]);
    expect(
      await read(
        'IFCPropertyChanges',
        projectId,
        '$select=VersionNumber,PreviousVersionNumber,OldValue,NewValue',
      ),
    ).toEqual([
      { VersionNumber: 3, PreviousVersionNumber: 1, OldValue: '3.999999999999669', NewValue: '5.5' },
    ]);
    expect(await read('Versions', projectId, '$select=VersionNumber,Modified,PropertyValuesChanged')).toEqual(
      expect.arrayContaining([{ VersionNumber: 3, Modified: 1, PropertyValuesChanged: 1 }]),
    );
  });

  it('leaves a version with no change set when no older version is kept, and drops its warning about it', async () => {
    const projectId = await newProject();
    const v1 = await upload(projectId, [wall(1, { GlobalId: 'X1' })]);
    const v2 = await upload(projectId, [wall(1, { GlobalId: 'Y1' })]);
    await computed(c.store, v2, v1);
    expect((await find(v2))!.warnings).toEqual([noCommonElementsWarning(v1.number)]);

    expect(await c.store.models.deleteVersion(projectId, projectId, v1.number)).toBe(true);
    const after = (await find(v2))!;
    expect(after.changes).toBeNull();
    expect(after.warnings).toEqual([]);
    expect(await read('IFCChanges', projectId, '$select=Id')).toEqual([]);
  });

  it('leaves a version compared with another one as it is', async () => {
    const projectId = await newProject();
    const v1 = await upload(projectId, [wall(1, { GlobalId: 'X1', Name: 'a' })]);
    const v2 = await upload(projectId, [wall(1, { GlobalId: 'X1', Name: 'b' })]);
    const v3 = await upload(projectId, [wall(1, { GlobalId: 'X1', Name: 'c' })]);
    // Version 3 compared with version 1, as when version 2 was not ready yet when 3 was published.
    const summary = await computed(c.store, v3, v1);
    expect(await c.store.models.deleteVersion(projectId, projectId, v2.number)).toBe(true);
    expect((await find(v3))!.changes).toEqual(summary);
    expect(
      await read('IFCChanges', projectId, '$select=GlobalId,VersionNumber,PreviousVersionNumber'),
    ).toEqual([{ GlobalId: 'X1', VersionNumber: 3, PreviousVersionNumber: 1 }]);
  });
});
