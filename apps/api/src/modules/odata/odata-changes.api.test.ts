import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { ElementRow, PropertyRow, Store, VersionRecord } from '../../store/types';


/** IFCChanges and IFCPropertyChanges through the feed: both roots, filters BI tools send, navigation, access. */
describeEachStore('OData feed: what changed between versions', (target) => {
  let store: Store;
  let h: IfcHarness;
  let alice: { token: string; user: { id: string } };
  let bob: { token: string };
  let projectId: string;
  let v2: VersionRecord;
  const feed = (path: string, token = alice.token) =>
    request(h.app).get(`/api/ifc/odata/${path}`).set('Authorization', `Bearer ${token}`);

  async function version(elements: ElementRow[], properties: PropertyRow[]) {
    await new Promise((resolve) => setTimeout(resolve, 5)); // distinct upload times
    const v = await store.models.createVersion({
      projectId,
      modelId: projectId,
      fileName: 'haus.ifc',
      fileSize: 10,
      uploaderId: alice.user.id,
      schema: 'IFC4',
    });
    const context = {
      modelId: projectId,
      modelName: 'Haus Ü',
      versionNumber: v.number,
      changedAt: v.createdAt,
    };
    await store.rows.insertBatch(projectId, v.version, { elements, properties }, context);
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: elements.length,
      propertyCount: properties.length,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    return v;
  }

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    alice = await h.login('changesalice');
    bob = await h.login('changesbob');
    projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: alice.user.id,
      isPublic: false,
      name: 'Haus Ü',
      fileName: 'haus.ifc',
      fileSize: 10,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Haus Ü' });
    const v1 = await version(
      [
        elementRow(1, { GlobalId: 'keep' }),
        elementRow(2, { GlobalId: 'gone' }),
        elementRow(3, { GlobalId: 'mod' }),
      ],
      [propertyRow(3, { ElementGlobalId: 'mod', Value: 'F30' })],
    );
    v2 = await version(
      [
        elementRow(1, { GlobalId: 'keep' }),
        elementRow(3, { GlobalId: 'mod' }),
        elementRow(4, { GlobalId: 'new' }),
      ],
      [propertyRow(3, { ElementGlobalId: 'mod', Value: 'F90' })],
    );
    await store.rows.computeChanges(projectId, v2.version, v1.version);
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  const changeTypes = (body: { value: { GlobalId: string; ChangeType: string }[] }) =>
    body.value.map((r) => `${r.GlobalId}:${r.ChangeType}`);

  it('serves the change rows at the project root and the all-projects root', async () => {
    const root = `projects/${projectId}/`;
    const own = await feed(`${root}IFCChanges`).expect(200);
    expect(changeTypes(own.body)).toEqual(['gone:Removed', 'mod:Modified', 'new:Added']);
    expect(own.body.value[1]).toMatchObject({
      ProjectId: projectId,
      ModelId: projectId,
      ModelName: 'Haus Ü',
      VersionNumber: 2,
      PreviousVersionNumber: 1,
      ChangedColumns: '',
      PropertyChangeCount: 1,
      ChangedAt: new Date(v2.createdAt).toISOString(),
    });
    const all = await feed(`IFCChanges?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`).expect(
      200,
    );
    expect(changeTypes(all.body)).toEqual(changeTypes(own.body));
    const properties = await feed(`${root}IFCPropertyChanges`).expect(200);
    expect(properties.body.value).toEqual([
      expect.objectContaining({ GlobalId: 'mod', ChangeType: 'Modified', OldValue: 'F30', NewValue: 'F90' }),
    ]);
    expect((await feed(`${root}IFCPropertyChanges/$count`).expect(200)).text).toBe('1');
  });

  it('filters on ChangeType, VersionNumber and ChangedAt as an incremental refresh sends them', async () => {
    const root = `projects/${projectId}/`;
    const since = new Date(Date.parse(v2.createdAt) - 1).toISOString();
    const until = new Date(Date.parse(v2.createdAt) + 1).toISOString();
    // Power Query's RangeStart/RangeEnd filter, URL-encoded as it sends it.
    const range = encodeURIComponent(`ChangedAt ge ${since} and ChangedAt lt ${until}`);
    expect(
      (await feed(`${root}IFCChanges?$filter=${range}&$count=true`).expect(200)).body['@odata.count'],
    ).toBe(3);
    const later = encodeURIComponent(`ChangedAt gt ${until}`);
    expect((await feed(`${root}IFCChanges?$filter=${later}`).expect(200)).body.value).toEqual([]);
    const added = encodeURIComponent(`ChangeType eq 'Added' and VersionNumber eq 2`);
    expect(changeTypes((await feed(`${root}IFCChanges?$filter=${added}`).expect(200)).body)).toEqual([
      'new:Added',
    ]);
  });

  it('navigates between projects and their changes, and describes both sets in $metadata', async () => {
    const root = `projects/${projectId}/`;
    const expanded = await feed(`${root}Projects?$expand=Changes($select=GlobalId,ChangeType)`).expect(200);
    expect(changeTypes({ value: expanded.body.value[0].Changes })).toEqual([
      'gone:Removed',
      'mod:Modified',
      'new:Added',
    ]);
    const back = await feed(`${root}IFCPropertyChanges?$expand=Project($select=Name)`).expect(200);
    expect(back.body.value[0].Project).toMatchObject({ ProjectId: projectId, Name: 'Haus Ü' });
    const metadata = (await feed(`${root}$metadata`).expect(200)).text;
    expect(metadata).toContain('<EntityType Name="IFCChange">');
    expect(metadata).toContain('<EntityType Name="IFCPropertyChange">');
    expect(metadata).toContain('<EntitySet Name="IFCChanges" EntityType="AEC.IFC.IFCChange">');
    expect(metadata).toMatch(
      /<NavigationProperty Name="PropertyChanges" Type="Collection\(AEC\.IFC\.IFCPropertyChange\)"/,
    );
  });

  it("keeps another user's changes out of their roots", async () => {
    expect((await feed('IFCChanges', bob.token).expect(200)).body.value).toEqual([]);
    await feed(`projects/${projectId}/IFCChanges`, bob.token).expect(404);
    await feed(
      `IFCPropertyChanges?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
      bob.token,
    ).expect(404);
  });
});
