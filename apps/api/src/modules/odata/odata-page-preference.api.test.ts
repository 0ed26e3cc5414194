import { storeTargets } from '../../test/store-fixtures';
import { openFeedHarness, type FeedHarness } from '../../test/feed-harness';

// The page size is decided before the store is read: one store is enough.
describe('OData Preference-Applied: only a page size that was applied is echoed', () => {
  const PAGE = 7;
  let f: FeedHarness;
  const elements = () => `IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${f.projectId}'`)}`;
  beforeAll(async () => {
    f = await openFeedHarness(storeTargets[0]!, { ODATA_PAGE_SIZE: String(PAGE) });
  }, 120_000);
  afterAll(() => f.stop());

  it('a larger odata.maxpagesize than the server pages with is not echoed: the page holds the server size', async () => {
    const res = await f.feed(elements()).set('Prefer', 'odata.maxpagesize=100000').expect(200);
    expect(res.body.value).toHaveLength(PAGE);
    expect(res.headers['preference-applied']).toBeUndefined();
  });

  it.each([3, PAGE])('odata.maxpagesize=%i is applied and echoed', async (size) => {
    const res = await f.feed(elements()).set('Prefer', `odata.maxpagesize=${size}`).expect(200);
    expect(res.body.value).toHaveLength(size);
    expect(res.headers['preference-applied']).toBe(`odata.maxpagesize=${size}`);
    // The next page keeps the size: the link leads on with the same preference.
    const next = res.body['@odata.nextLink'].replace(/^https?:\/\/[^/]+\/api\/ifc\/odata\//, '');
    const second = await f.feed(next).set('Prefer', `odata.maxpagesize=${size}`).expect(200);
    expect(second.body.value).toHaveLength(size);
  });

  it('a preference list with other preferences echoes only the applied page size', async () => {
    const res = await f
      .feed(elements())
      .set('Prefer', 'odata.include-annotations="*", odata.maxpagesize=2')
      .expect(200);
    expect(res.body.value).toHaveLength(2);
    expect(res.headers['preference-applied']).toBe('odata.maxpagesize=2');
  });

  it.each([
    'odata.maxpagesize=1e3',
    'odata.maxpagesize=1.5',
    'odata.maxpagesize=2abc',
    'odata.maxpagesize="2',
    'odata.maxpagesize=0',
  ])('%s is not a page size: ignored, not read as its leading digits', async (prefer) => {
    const res = await f.feed(elements()).set('Prefer', prefer).expect(200);
    expect(res.body.value).toHaveLength(PAGE);
    expect(res.headers['preference-applied']).toBeUndefined();
  });

  it.each(['odata.maxpagesize="2"', 'odata.maxpagesize=2;x=1', 'odata.maxpagesize = 2 , respond-async'])(
    '%s applies a page size of 2',
    async (prefer) => {
      const res = await f.feed(elements()).set('Prefer', prefer).expect(200);
      expect(res.body.value).toHaveLength(2);
      expect(res.headers['preference-applied']).toBe('odata.maxpagesize=2');
    },
  );

  it('key access, $count and $metadata apply no page size and echo none', async () => {
    const first = (await f.feed(elements()).expect(200)).body.value[0];
    for (const path of [
      `IFCElements('${encodeURIComponent(first.Id)}')`,
      `${elements().replace('IFCElements', 'IFCElements/$count')}`,
      '$metadata',
      '',
    ]) {
      const res = await f.feed(path).set('Prefer', 'odata.maxpagesize=3').expect(200);
      expect(res.headers['preference-applied']).toBeUndefined();
    }
  });
});
