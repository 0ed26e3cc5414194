import { storeTargets } from '../../test/store-fixtures';
import { openFeedHarness, type FeedHarness } from '../../test/feed-harness';
import { POWER_QUERY_HEADERS } from '../../test/bi-clients';

/** Apache Olingo's Java client, which Tableau's OData connector is built on. */
const OLINGO = {
  Accept: 'application/json;odata.metadata=full',
  'OData-MaxVersion': '4.0',
  'OData-Version': '4.0',
};
const OLINGO_METADATA = { Accept: 'application/xml', 'OData-MaxVersion': '4.0' };

// Negotiation happens before the store is read: one store is enough.
describe('OData content negotiation: 406 when no JSON is acceptable, 404 for an unknown entity set', () => {
  let f: FeedHarness;
  let id: string;
  beforeAll(async () => {
    f = await openFeedHarness(storeTargets[0]!);
    const first = await f
      .feed(`IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}&$top=1`)
      .expect(200);
    id = first.body.value[0].Id;
  }, 120_000);
  afterAll(() => f.stop());

  const resources = () => [
    '',
    'IFCElements?$top=2',
    `IFCElements('${encodeURIComponent(id)}')`,
    `projects/${f.projectId}/`,
    `projects/${f.projectId}/IFCElements?$top=2`,
  ];

  it.each([
    'application/xml',
    'application/atom+xml',
    'text/html',
    'application/json;q=0, application/xml',
    'text/*',
  ])('Accept: %s gets 406 with an OData error, on every JSON resource', async (accept) => {
    for (const path of resources()) {
      const res = await f.feed(path).set('Accept', accept).expect(406);
      expect(res.headers['odata-version']).toBe('4.0');
      expect(res.body).toEqual({ error: { code: 'NotAcceptable', message: expect.any(String) } });
    }
  });

  it.each([
    ['Power Query', POWER_QUERY_HEADERS],
    ['Olingo (Tableau)', OLINGO],
    ['*/*', { Accept: '*/*' }],
    ['minimal JSON', { Accept: 'application/json;odata.metadata=minimal' }],
    ['plain JSON', { Accept: 'application/json' }],
    ['application/*', { Accept: 'application/*' }],
    ['a browser', { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }],
  ])('%s still gets JSON', async (_, headers) => {
    for (const path of resources()) {
      const res = await f.feed(path).set(headers).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof res.body).toBe('object');
    }
  });

  it('no Accept header, and $format=json whatever Accept says, get JSON', async () => {
    for (const path of resources()) {
      const plain = await f.feed(path).unset('Accept').expect(200);
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const sep = path.includes('?') ? '&' : '?';
      const forced = await f.feed(`${path}${sep}$format=json`).set('Accept', 'application/xml').expect(200);
      expect(forced.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('$metadata is CSDL XML for Olingo, Power Query and a JSON-only Accept alike', async () => {
    for (const headers of [OLINGO_METADATA, POWER_QUERY_HEADERS, { Accept: 'application/json' }, {}]) {
      for (const root of ['', `projects/${f.projectId}/`]) {
        const res = await f.feed(`${root}$metadata`).set(headers).expect(200);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        expect(res.text).toContain('<edmx:Edmx');
      }
    }
  });

  it('an unknown entity set is 404 (collection, $count, key, per-project root), with the OData error body', async () => {
    for (const path of [
      'Nope',
      'Nope/$count',
      "Nope('x')",
      `projects/${f.projectId}/Nope`,
      `projects/${f.projectId}/Nope/$count`,
    ]) {
      const res = await f.feed(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error).toMatchObject({ code: 'NotFound', message: expect.stringContaining("'Nope'") });
    }
  });

  it('a well-formed path the service does not serve is 404; a malformed one stays 400', async () => {
    const root = `projects/${f.projectId}/`;
    for (const path of [
      'foo/bar',
      'foo/bar/',
      'IFCElements/Name',
      "IFCElements('x')/Project",
      `IFCElements('${encodeURIComponent("a/b'')/c")}')/Name`,
      '$batch',
      '$metadata/IFCElements',
      encodeURIComponent('Élément'),
      `${root}foo/bar`,
      `${root}IFCElementsWide/$count/x`,
    ]) {
      const res = await f.feed(path);
      expect([path, res.status, res.headers['content-type']]).toEqual([
        path,
        404,
        expect.stringMatching(/^application\/json/),
      ]);
      expect(res.body.error).toMatchObject({
        code: 'NotFound',
        message: expect.stringMatching(/^(No resource at|Unknown entity set) '/),
      });
    }
    for (const path of [
      'foo//bar',
      'foo%20bar/x',
      "IFCElements('x/y",
      'IFCElements)/x',
      'IFC-Elements/x',
      '9Set/x',
      `${root}foo/b$r`,
    ]) {
      const res = await f.feed(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.error).toMatchObject({ code: 'SyntaxError', message: expect.any(String) });
    }
  });
});
