import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject } from '../../test/published-project';
import { storeTargets } from '../../test/store-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { Store } from '../../store/types';

const README = path.resolve(__dirname, '../../../../../README.md');
const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;

/** What the README says the feed's $filter supports holds on the default (embedded) store. */
describe('README: the $filter claims', () => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  const feed = (query: string, set = 'IFCElements') =>
    request(runtime.app).get(`/api/ifc/odata/${set}?${query}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    store = await sqlite.open();
    runtime = buildTestRuntime(store);
    const owner = await registerAndLogin(runtime.app, 'claims');
    token = owner.token;
    await publishedProject(store, owner.user.id, [elementRow(1), elementRow(2)]);
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await sqlite.dispose(store);
  });

  it('lists in the README only $filter operators the feed accepts; `has` answers a clear 400', async () => {
    const claim = /Supported: `\$filter` \(([^)]*)\)/.exec(fs.readFileSync(README, 'utf8'))?.[1];
    expect(claim).toBeDefined();
    const samples: Record<string, [string, string]> = {
      comparison: ['IFCElements', 'Height gt 0'],
      logical: ['IFCElements', 'Height gt 0 and not (Height gt 1000)'],
      arithmetic: ['IFCElements', 'Height add 1 gt 1'],
      '`in`': ['IFCElements', "IfcType in ('IfcWall','IfcDoor')"],
      null: ['IFCElements', 'Name ne null'],
      string: ['IFCElements', "contains(Name,'a')"],
      date: ['Projects', 'year(CreatedAt) ge 2000'],
      'math functions': ['IFCElements', 'round(Height) ge 0'],
      '`any`/`all`': ['Projects', 'Elements/any(e: e/Height gt 0)'],
    };
    const items = claim!
      .replace(/ and /g, ', ')
      .split(/,\s*/)
      .map((s) => s.replace(/\s+/g, ' ').trim());
    for (const item of items) {
      expect([item, item in samples]).toEqual([item, true]);
      const [set, filter] = samples[item]!;
      await feed(`$filter=${encodeURIComponent(filter)}`, set).expect(200);
    }
    const has = await feed(`$filter=${encodeURIComponent("IfcType has 'IfcWall'")}`).expect(400);
    expect(JSON.parse(has.text).error.message).toMatch(/enumeration/);
  });
});
