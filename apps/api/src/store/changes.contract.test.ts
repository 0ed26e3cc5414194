import { changesFixture, version1, version2, wall } from '../test/change-fixtures';
import { describeEachStore } from '../test/store-fixtures';

// The change rows and summary of version 2 against version 1, on both stores. ChangedAt: changes-changed-at.contract.test.ts;
// reruns, renames, removal: changes-lifecycle.contract.test.ts.
describeEachStore('store contract: what changed between versions', (target) => {
  // FerretDB (the MongoDB-compatible server tests run against) takes seconds per thousand rows on a busy machine.
  if (target.name === 'mongodb') jest.setTimeout(180_000);
  const c = changesFixture(target);
  const { newProject, upload, read } = c;

  it('writes one row per added, removed and modified element, and the summary', async () => {
    const projectId = await newProject();
    const v1 = await upload(projectId, version1.elements, version1.properties);
    const v2 = await upload(projectId, version2.elements, version2.properties);
    const summary = await c.store.rows.computeChanges(projectId, v2.version, v1.version);
    expect(summary).toEqual({
      status: 'ready',
      previousVersionNumber: 1,
      added: 1,
      removed: 1,
      modified: 2,
      propertyValuesChanged: 5,
      commonElements: 5,
      byType: {
        IfcSlab: { added: 0, removed: 0, modified: 1 },
        IfcWall: { added: 0, removed: 0, modified: 1 },
        IfcDoor: { added: 0, removed: 1, modified: 0 },
        IfcWindow: { added: 1, removed: 0, modified: 0 },
      },
      byStorey: {
        'Étage 1': { added: 0, removed: 0, modified: 1 },
        '': { added: 1, removed: 0, modified: 1 },
        'Étage 2': { added: 0, removed: 1, modified: 0 },
      },
      error: null,
    });

    const common = {
      ProjectId: projectId,
      ModelId: projectId,
      ModelName: 'Tower Ä',
      VersionNumber: 2,
      PreviousVersionNumber: 1,
    };
    const changes = await read('IFCChanges', projectId);
    expect(changes.map((c) => ({ ...c, ChangedAt: new Date(c.ChangedAt as string).getTime() }))).toEqual([
      {
        ...common,
        Id: `${projectId}:2:B-columns`,
        ChangeType: 'Modified',
        GlobalId: 'B-columns',
        IfcType: 'IfcSlab',
        Name: 'Slab 2',
        Storey: 'Étage 1',
        ChangedColumns: 'Name,Height',
        PropertyChangeCount: 0,
        ChangedAt: Date.parse(v2.createdAt),
      },
      {
        ...common,
        Id: `${projectId}:2:C-props`,
        ChangeType: 'Modified',
        GlobalId: 'C-props',
        IfcType: 'IfcWall',
        Name: 'Wall C',
        Storey: null,
        ChangedColumns: '',
        PropertyChangeCount: 5,
        ChangedAt: Date.parse(v2.createdAt),
      },
      {
        ...common,
        Id: `${projectId}:2:D-removed`,
        ChangeType: 'Removed',
        GlobalId: 'D-removed',
        IfcType: 'IfcDoor',
        Name: 'Tür',
        Storey: 'Étage 2',
        ChangedColumns: '',
        PropertyChangeCount: 0,
        ChangedAt: Date.parse(v2.createdAt),
      },
      {
        ...common,
        Id: `${projectId}:2:F-added`,
        ChangeType: 'Added',
        GlobalId: 'F-added',
        IfcType: 'IfcWindow',
        Name: 'Fenster',
        Storey: null,
        ChangedColumns: '',
        PropertyChangeCount: 0,
        ChangedAt: Date.parse(v2.createdAt),
      },
    ]);

    const propertyChange = (n: number, fields: Record<string, unknown>) => ({
      ...common,
      Id: `${projectId}:2:C-props:${n}`,
      GlobalId: 'C-props',
      IfcType: 'IfcWall',
      Unit: null,
      ChangedAt: Date.parse(v2.createdAt),
      ...fields,
    });
    const propertyChanges = await read('IFCPropertyChanges', projectId);
    expect(
      propertyChanges.map((c) => ({ ...c, ChangedAt: new Date(c.ChangedAt as string).getTime() })),
    ).toEqual([
      propertyChange(1, {
        SetName: 'Pset_Dup',
        PropertyName: 'Layer',
        ChangeType: 'Modified',
        OldValue: 'b',
        NewValue: 'c',
      }),
      propertyChange(2, {
        SetName: 'Pset_WallCommon',
        PropertyName: 'Width',
        ChangeType: 'Modified',
        OldValue: '200',
        NewValue: '200.0',
        Unit: 'mm',
      }),
      propertyChange(3, {
        SetName: 'Pset_WallCommon',
        PropertyName: 'Note',
        ChangeType: 'Modified',
        OldValue: null,
        NewValue: '5',
      }),
      propertyChange(4, {
        SetName: 'Pset_New',
        PropertyName: 'Fresh',
        ChangeType: 'Added',
        OldValue: null,
        NewValue: 'y',
      }),
      propertyChange(5, {
        SetName: 'Pset_Old',
        PropertyName: 'Gone',
        ChangeType: 'Removed',
        OldValue: 'x',
        NewValue: null,
      }),
    ]);

    // Filters BI users refresh by fold into the query.
    expect(await read('IFCChanges', projectId, "$filter=ChangeType eq 'Removed'&$select=GlobalId")).toEqual([
      { GlobalId: 'D-removed' },
    ]);
    expect(await read('IFCPropertyChanges', projectId, '$filter=VersionNumber eq 1')).toEqual([]);
  });

  it('names every compared column whose value differs, whatever its type, and none whose value is equal', async () => {
    const projectId = await newProject();
    const same = { GlobalId: 'G-types', Name: 'Wand \u{1F600}', Tag: 'T-1', GrossArea: 0 };
    const v1 = await upload(
      projectId,
      [
        wall(20, {
          ...same,
          Description: 'vorher',
          IsExternal: true,
          LoadBearing: null,
          FireRating: 'REI 60',
          ThermalTransmittance: 0.25,
          Height: null,
          NetVolume: 1.5,
        }),
      ],
      [],
    );
    const v2 = await upload(
      projectId,
      [
        // Re-exported (another ExpressId): text to null, a boolean flipped and one set, a case change, a number
        // in its last digit, null to a number; the rest (unicode, zero) equal.
        wall(21, {
          ...same,
          Description: null,
          IsExternal: false,
          LoadBearing: true,
          FireRating: 'rei 60',
          ThermalTransmittance: 0.25000000000000006,
          Height: 0,
          NetVolume: 1.5,
        }),
      ],
      [],
    );
    const summary = await c.store.rows.computeChanges(projectId, v2.version, v1.version);
    expect(summary).toMatchObject({ added: 0, removed: 0, modified: 1, commonElements: 1 });
    const changes = await read('IFCChanges', projectId, '$select=GlobalId,ChangeType,ChangedColumns');
    expect(changes).toEqual([
      {
        GlobalId: 'G-types',
        ChangeType: 'Modified',
        ChangedColumns: 'Description,IsExternal,LoadBearing,FireRating,ThermalTransmittance,Height',
      },
    ]);
  });
});
