import { describeEachStore } from '../../test/store-fixtures';
import { openFeedHarness, type FeedHarness } from '../../test/feed-harness';

/**
 * OData URL conventions §5.1.1.1: NaN is equal to nothing, itself included, and every relational comparison with it
 * is false; INF and -INF compare as the infinities. SQLite turned a bound NaN into NULL (so `Height eq NaN` found
 * every element without a height) and MongoDB finds NaN equal to NaN.
 */
describeEachStore('OData $filter with NaN, INF and -INF', (target) => {
  let f: FeedHarness;
  let total: number;
  let withHeight: number;
  const count = async (filter: string): Promise<number> => {
    const res = await f
      .feed(`projects/${f.projectId}/IFCElements?$filter=${encodeURIComponent(filter)}&$count=true&$top=0`)
      .expect(200);
    return res.body['@odata.count'] as number;
  };

  beforeAll(async () => {
    f = await openFeedHarness(target);
    total = await count('true');
    withHeight = await count('Height ne null');
  }, 120_000);
  afterAll(() => f.stop());

  it('has elements with and without a height, so each answer below tells the rules apart', () => {
    expect(withHeight).toBeGreaterThan(0);
    expect(withHeight).toBeLessThan(total);
  });

  it.each([
    ['Height eq NaN'],
    ['NaN eq NaN'],
    ['NaN eq Height'],
    ['Height lt NaN'],
    ['Height ge NaN'],
    ['Height add 1 le NaN'],
  ])('%s matches nothing', async (filter) => {
    expect(await count(filter)).toBe(0);
  });

  it.each([['Height ne NaN'], ['NaN ne NaN'], ['not (Height eq NaN)'], ['Height eq NaN or true']])(
    '%s matches every element',
    async (filter) => {
      expect(await count(filter)).toBe(total);
    },
  );

  it.each([['Height gt -INF'], ['Height lt INF'], ['Height ne INF and Height ne null']])(
    '%s matches every element with a height',
    async (filter) => {
      expect(await count(filter)).toBe(withHeight);
    },
  );

  it.each([['Height eq INF'], ['Height lt -INF'], ['Height gt INF']])(
    '%s matches nothing',
    async (filter) => {
      expect(await count(filter)).toBe(0);
    },
  );
});
