import { describeEachStore } from '../../test/store-fixtures';
import { openFeedHarness, waitForWideSet, type FeedHarness } from '../../test/feed-harness';

/** The property names of an entity body, without its annotations. */
const propertiesOf = (body: Record<string, unknown>) => Object.keys(body).filter((k) => !k.includes('@'));

describeEachStore('OData key access with $select writes only the selected properties', (target) => {
  let f: FeedHarness;
  let id: string;
  let expressId: number;
  beforeAll(async () => {
    f = await openFeedHarness(target);
    const first = await f
      .feed(`IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}&$top=1`)
      .expect(200);
    ({ Id: id, ExpressId: expressId } = first.body.value[0]);
    await waitForWideSet(f);
  }, 120_000);
  afterAll(() => f.stop());

  it.each(['minimal', 'full', 'none'])(
    'IFCElements(key)?$select=Name in odata.metadata=%s: the key and Name, nothing written as null',
    async (metadata) => {
      for (const root of ['', `projects/${f.projectId}/`]) {
        const res = await f
          .feed(`${root}IFCElements('${encodeURIComponent(id)}')?$select=Name`)
          .set('Accept', `application/json;odata.metadata=${metadata}`)
          .expect(200);
        expect(propertiesOf(res.body)).toEqual(['Id', 'Name']);
        expect(typeof res.body.Name).toBe('string');
        if (metadata !== 'none')
          expect(res.body['@odata.context']).toMatch(/\$metadata#IFCElements\(Id,Name\)\/\$entity$/);
        // The same entity read through the collection carries the same properties.
        const listed = await f
          .feed(`${root}IFCElements?$filter=${encodeURIComponent(`Id eq '${id}'`)}&$select=Name`)
          .set('Accept', `application/json;odata.metadata=${metadata}`)
          .expect(200);
        expect(propertiesOf(listed.body.value[0])).toEqual(propertiesOf(res.body));
      }
    },
  );

  it('a composite key and several selected properties, including non-nullable ones', async () => {
    const res = await f
      .feed(`IFCSpatialStructure?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}&$top=1`)
      .expect(200);
    const spatial = res.body.value[0];
    const key =
      `ProjectId='${encodeURIComponent(f.projectId)}',ModelId='${encodeURIComponent(spatial.ModelId)}',` +
      `ExpressId=${spatial.ExpressId}`;
    const one = await f.feed(`IFCSpatialStructure(${key})?$select=Name,IfcType`).expect(200);
    expect(propertiesOf(one.body).sort()).toEqual(['ExpressId', 'IfcType', 'ModelId', 'Name', 'ProjectId']);
    expect(one.body.IfcType).toBe(spatial.IfcType);
  });

  it('refuses a key that is an expression (it matched every row and answered with the first)', async () => {
    for (const key of [`'${encodeURIComponent('nope')}'%20or%20true`, `Id='nope'%20or%20true`]) {
      const res = await f.feed(`projects/${f.projectId}/IFCElements(${key})`).expect(400);
      expect(res.body.error.message).toMatch(/A key value must be one literal/);
    }
    await f.feed(`projects/${f.projectId}/IFCElements('nope')`).expect(404);
  });

  it('IFCElementsWide(key)?$select=ExpressId on the per-project root', async () => {
    const res = await f
      .feed(`projects/${f.projectId}/IFCElementsWide('${encodeURIComponent(id)}')?$select=ExpressId`)
      .expect(200);
    expect(propertiesOf(res.body)).toEqual(['Id', 'ExpressId']);
    expect(res.body.ExpressId).toBe(expressId);
  });

  it('without $select, key access still writes every property', async () => {
    const all = await f.feed(`IFCElements('${encodeURIComponent(id)}')`).expect(200);
    expect(propertiesOf(all.body)).toEqual(
      propertiesOf(
        (await f.feed(`IFCElements?$filter=${encodeURIComponent(`Id eq '${id}'`)}`).expect(200)).body
          .value[0],
      ),
    );
    expect(propertiesOf(all.body).length).toBeGreaterThan(10);
  });
});
