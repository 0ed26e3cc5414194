import { describeEachStore } from '../../test/store-fixtures';
import { openFeedHarness, type FeedHarness } from '../../test/feed-harness';

/** OData JSON Format §3.2: with IEEE754Compatible=true, Edm.Int64 and Edm.Decimal values are JSON strings. */
describeEachStore('OData IEEE754Compatible=true writes Int64 values and counts as strings', (target) => {
  let f: FeedHarness;
  let fileSize: number;
  const projects = () => `Projects?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}`;
  beforeAll(async () => {
    f = await openFeedHarness(target);
    fileSize = (await f.feed(projects()).expect(200)).body.value[0].FileSize;
  }, 120_000);
  afterAll(() => f.stop());

  const ieeeAccept = 'application/json;odata.metadata=minimal;IEEE754Compatible=true';

  it('without it, numbers stay numbers', async () => {
    expect(typeof fileSize).toBe('number');
    const res = await f.feed(`${projects()}&$count=true`).expect(200);
    expect(res.body['@odata.count']).toBe(1);
    expect(res.headers['content-type']).not.toMatch(/IEEE754Compatible/i);
  });

  it.each([
    ['Accept', { Accept: ieeeAccept }],
    ['Accept, full metadata', { Accept: 'application/json;odata.metadata=full;IEEE754Compatible=true' }],
    ['Content-Type', { 'Content-Type': 'application/json;IEEE754Compatible=true' }],
  ])('asked in %s: collection, count, key access and the per-project root', async (_, headers) => {
    const list = await f.feed(`${projects()}&$count=true`).set(headers).expect(200);
    expect(list.headers['content-type']).toMatch(/IEEE754Compatible=true/i);
    expect(list.body['@odata.count']).toBe('1');
    expect(list.body.value[0].FileSize).toBe(String(fileSize));
    // Int32 and Double are not affected.
    expect(typeof list.body.value[0].ElementCount).toBe('number');

    const one = await f
      .feed(`Projects('${encodeURIComponent(f.projectId)}')`)
      .set(headers)
      .expect(200);
    expect(one.headers['content-type']).toMatch(/IEEE754Compatible=true/i);
    expect(one.body.FileSize).toBe(String(fileSize));

    const root = await f.feed(`projects/${f.projectId}/Projects?$count=true`).set(headers).expect(200);
    expect(root.body['@odata.count']).toBe('1');
    expect(root.body.value[0].FileSize).toBe(String(fileSize));
  });

  it('$format=json;IEEE754Compatible=true, and inside an expanded navigation', async () => {
    const res = await f
      .feed(`${projects()}&$format=${encodeURIComponent('application/json;IEEE754Compatible=true')}`)
      .expect(200);
    expect(res.body.value[0].FileSize).toBe(String(fileSize));
    const expanded = await f
      .feed(
        `IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}&$top=1&$expand=Project($select=FileSize)&$count=true`,
      )
      .set('Accept', ieeeAccept)
      .expect(200);
    expect(typeof expanded.body['@odata.count']).toBe('string');
    expect(expanded.body.value[0].Project.FileSize).toBe(String(fileSize));
  });

  it('a page of element rows (the SQLite store writes those in SQL) keeps its numbers exact as numbers or strings', async () => {
    const path = `IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}&$count=true`;
    const plain = await f.feed(path).expect(200);
    const ieee = await f.feed(path).set('Accept', ieeeAccept).expect(200);
    expect(ieee.body['@odata.count']).toBe(String(plain.body['@odata.count']));
    expect(ieee.body.value).toEqual(plain.body.value);
  });
});
