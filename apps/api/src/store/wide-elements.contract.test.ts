import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { elementRow, propertyRow } from '../test/row-fixtures';
import type { Store } from './types';
import { WIDE_FIXED_COLUMNS, type WideColumn } from './wide-columns';

/** Rows of one model version with properties of every kind the wide set has to type and name. */
const rows = {
  elements: [elementRow(1, { Name: 'Wall 1' }), elementRow(2, { Name: 'Wall 2' }), elementRow(3)],
  properties: [
    propertyRow(1, { PropertyName: 'FireRating', Value: 'F90' }),
    propertyRow(1, { PropertyName: 'IsExternal', Value: 'true', ValueType: 'IfcBoolean' }),
    propertyRow(1, {
      SetName: 'Qto_WallBaseQuantities',
      SetKind: 'QuantitySet',
      PropertyName: 'NetArea',
      Value: '12.5',
      NumericValue: 12.5,
    }),
    propertyRow(1, { SetName: 'Pset A', PropertyName: 'Fire Rating', Value: 'x' }),
    propertyRow(1, { SetName: 'Pset_A', PropertyName: 'Fire_Rating', Value: 'y' }),
    propertyRow(1, { SetName: 'Custom', PropertyName: 'Mixed', Value: '5', NumericValue: 5 }),
    // The type's value for a property the instance already has: the instance's value is kept.
    propertyRow(1, { SetKind: 'TypePropertySet', PropertyName: 'FireRating', Value: 'F30' }),
    propertyRow(2, { PropertyName: 'FireRating', Value: 'F60' }),
    propertyRow(2, { PropertyName: 'IsExternal', Value: 'FALSE', ValueType: 'IfcBoolean' }),
    propertyRow(2, {
      SetName: 'Qto_WallBaseQuantities',
      SetKind: 'QuantitySet',
      PropertyName: 'NetArea',
      Value: '3',
      NumericValue: 3,
    }),
    propertyRow(2, { SetName: 'Custom', PropertyName: 'Mixed', Value: 'n/a', NumericValue: null }),
    propertyRow(2, { SetName: 'Custom', PropertyName: 'Empty', Value: null, NumericValue: null }),
  ],
};

describeEachStore('store contract: the wide element set', (target) => {
  let store: Store;
  let ownerId: string;
  beforeAll(async () => {
    store = await target.open();
    ownerId = (
      await store.users.create({
        username: `wide_${randomUUID().slice(0, 8)}`,
        email: `${randomUUID()}@x.io`,
        passwordHash: 'h',
      })
    ).id;
  });
  afterAll(() => target.dispose(store));

  async function seeded() {
    const project = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name: 'Wide',
      fileName: 'wide.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const version = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, version, rows);
    return { projectId: project.id, version };
  }

  it('names one column per property with a value, as unique OData identifiers, typed by their values', async () => {
    const { projectId, version } = await seeded();
    const catalog = (await store.rows.buildWideElements(projectId, version))!;
    const byLabel = Object.fromEntries(
      catalog.columns.map((c: WideColumn) => [`${c.setName}.${c.propertyName}`, [c.name, c.type]]),
    );
    expect(byLabel).toEqual({
      'Custom.Mixed': ['Custom_Mixed', 'Edm.String'],
      'Pset A.Fire Rating': ['Pset_A_Fire_Rating', 'Edm.String'],
      'Pset_A.Fire_Rating': ['Pset_A_Fire_Rating_2', 'Edm.String'],
      'Pset_WallCommon.FireRating': ['Pset_WallCommon_FireRating', 'Edm.String'],
      'Pset_WallCommon.IsExternal': ['Pset_WallCommon_IsExternal', 'Edm.Boolean'],
      'Qto_WallBaseQuantities.NetArea': ['Qto_WallBaseQuantities_NetArea', 'Edm.Double'],
    });
    const fixed = new Set(WIDE_FIXED_COLUMNS.map((n) => n.toLowerCase()));
    expect(catalog.columns.filter((c) => fixed.has(c.name.toLowerCase()))).toEqual([]);
    expect(await store.rows.wideCatalog(projectId, version)).toEqual(catalog);
  });

  it('builds for sets and properties without a name, and for labels that read the same', async () => {
    const project = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name: 'Unnamed sets',
      fileName: 'unnamed.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const version = await store.projects.nextVersion(project.id);
    await store.rows.insertBatch(project.id, version, {
      elements: [elementRow(1), elementRow(2)],
      properties: [
        propertyRow(1, { SetName: null, PropertyName: 'Zone', Value: 'A' }),
        propertyRow(1, {
          SetName: null,
          SetKind: 'QuantitySet',
          PropertyName: 'Height',
          Value: '3',
          NumericValue: 3,
        }),
        propertyRow(2, { SetName: 'Custom', PropertyName: null, Value: 'x' }),
        propertyRow(2, { SetName: 'a.b', PropertyName: 'c', Value: '1' }),
        propertyRow(2, { SetName: 'a', PropertyName: 'b.c', Value: '2' }),
        propertyRow(2, { SetName: 'null', PropertyName: 'Zone', Value: 'text null' }),
      ],
    });
    const catalog = (await store.rows.buildWideElements(project.id, version))!;
    expect(catalog.columns.map((c) => [c.setName, c.propertyName, c.name, c.type])).toEqual([
      ['a', 'b.c', 'a_b_c', 'Edm.String'],
      ['a.b', 'c', 'a_b_c_2', 'Edm.String'],
      ['Custom', null, 'Custom_UnnamedProperty', 'Edm.String'],
      ['null', 'Zone', 'null_Zone', 'Edm.String'],
      [null, 'Height', 'UnnamedSet_Height', 'Edm.Double'],
      [null, 'Zone', 'UnnamedSet_Zone', 'Edm.String'],
    ]);
    expect(await store.rows.wideCatalog(project.id, version)).toEqual(catalog);
  });

  it('a cancelled build, or one for a version older than the published one, leaves no catalog', async () => {
    const { projectId, version } = await seeded();
    expect(await store.rows.buildWideElements(projectId, version, { isCancelled: () => true })).toBeNull();
    expect(await store.rows.wideCatalog(projectId, version)).toBeNull();
    const next = await store.projects.nextVersion(projectId);
    await store.rows.insertBatch(projectId, next, rows);
    await store.projects.publish(projectId, next, {
      schema: 'IFC4',
      elementCount: 3,
      propertyCount: rows.properties.length,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    expect(await store.rows.buildWideElements(projectId, version)).toBeNull();
    expect(await store.rows.wideCatalog(projectId, version)).toBeNull();
    expect(await store.rows.buildWideElements(projectId, next)).not.toBeNull();
  });

  it("two builds of one version at once (a job's own beside the start-up pass, or two instances) both succeed, leaving the set once", async () => {
    const { projectId, version } = await seeded();
    const [a, b] = await Promise.all([
      store.rows.buildWideElements(projectId, version),
      store.rows.buildWideElements(projectId, version),
    ]);
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
    expect(await store.rows.wideCatalog(projectId, version)).toEqual(a);
    if (store.mongoDb) {
      const wide = await store.mongoDb.collection('ifc_wide').countDocuments({ projectId, version });
      expect(wide).toBe(rows.elements.length);
    }
  });

  it('rebuilding a version gives the same catalog; deleting the version removes it', async () => {
    const { projectId, version } = await seeded();
    const first = await store.rows.buildWideElements(projectId, version);
    expect(await store.rows.buildWideElements(projectId, version)).toEqual(first);
    await store.rows.deleteVersion(projectId, version);
    expect(await store.rows.wideCatalog(projectId, version)).toBeNull();
  });

  it('publishing a newer version keeps the older catalog until retention prunes it after the snapshot window; deleting the project drops the rest', async () => {
    const { projectId, version } = await seeded();
    await store.rows.buildWideElements(projectId, version);
    const summary = {
      schema: 'IFC4',
      elementCount: 3,
      propertyCount: rows.properties.length,
      spatialCount: 0,
      countsByType: { IfcWall: 3 },
      countsByStorey: {},
    };
    await store.projects.publish(projectId, version, summary);
    const next = await store.projects.nextVersion(projectId);
    await store.rows.insertBatch(projectId, next, rows);
    await store.rows.buildWideElements(projectId, next);
    await store.projects.publish(projectId, next, summary);
    expect(await store.rows.wideCatalog(projectId, version)).not.toBeNull();
    await store.projects.setRetention(projectId, 1);
    // Once the snapshot window (30 minutes by default) after the switch is over.
    await store.pruneSuperseded(Date.now() + 31 * 60_000);
    expect(await store.rows.wideCatalog(projectId, version)).toBeNull();
    expect(await store.rows.wideCatalog(projectId, next)).not.toBeNull();
    await store.projects.delete(projectId);
    expect(await store.rows.wideCatalog(projectId, next)).toBeNull();
  });
});
