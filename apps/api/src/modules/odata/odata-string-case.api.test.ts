import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject } from '../../test/published-project';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { Store } from '../../store/types';

/** Names BI users type: Scandinavian rebar marks, accents, German, Turkish, Greek (with a final sigma). */
const NAMES = [
  'Ø8 Rebar',
  'ø8 stirrup',
  'Ø10 bar',
  'ÉTAGE Façade',
  'étage façade',
  'Åland Wall',
  'Straße',
  'STRASSE',
  'İzmir Slab',
  'ΟΔΟΣ Beam',
  'σοφία',
  'plain ascii',
  'ǅemal Column',
];

const FULL_MAPPING_ONLY = ['Straße', 'İzmir Slab', 'ΟΔΟΣ Beam'];

/** tolower/toupper follow Unicode as JavaScript's toLowerCase/toUpperCase do, in $filter and $orderby. */
describeEachStore('OData feed: Unicode case mapping', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  const rows = NAMES.map((name, i) => ({ Id: '', Name: name, i }));
  const feed = (query: string, set = 'IFCElements') =>
    request(runtime.app).get(`/api/ifc/odata/${set}?${query}`).set('Authorization', `Bearer ${token}`);
  const names = async (filter: string) =>
    (await feed(`$filter=${encodeURIComponent(filter)}&$select=Name`).expect(200)).body.value
      .map((r: { Name: string }) => r.Name)
      .sort();
  const expected = (keep: (name: string) => boolean) => NAMES.filter(keep).sort();

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    const owner = await registerAndLogin(runtime.app, 'caseowner');
    token = owner.token;
    const elements = rows.map((r) => elementRow(r.i + 1, { Name: r.Name, GlobalId: `u-${r.i}` }));
    await publishedProject(store, owner.user.id, elements);
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  it("matches contains(tolower(Name),'ø8') on names holding Ø8, as JavaScript's toLowerCase does", async () => {
    expect(await names("contains(tolower(Name),'ø8')")).toEqual(
      expected((n) => n.toLowerCase().includes('ø8')),
    );
    expect(await names("contains(tolower(Name),'étage')")).toEqual(
      expected((n) => n.toLowerCase().includes('étage')),
    );
    expect(await names("startswith(toupper(Name),'ÅLAND')")).toEqual(
      expected((n) => n.toUpperCase().startsWith('ÅLAND')),
    );
  });

  it('maps names as JavaScript does: every mapping on SQLite, simple case folding on MongoDB', async () => {
    // MongoDB folds case letter by letter (a regex with the `i` option): the few mappings that expand or depend
    // on context in JavaScript are SQLite's alone.
    const folds = target.name === 'sqlite' ? NAMES : NAMES.filter((n) => !FULL_MAPPING_ONLY.includes(n));
    const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
    const among = (list: string[]) => list.filter((n) => folds.includes(n)).sort();
    for (const name of folds) {
      const lower = await names(`tolower(Name) eq ${literal(name.toLowerCase())}`);
      expect([name, among(lower)]).toEqual([
        name,
        among(NAMES.filter((n) => n.toLowerCase() === name.toLowerCase())),
      ]);
      const upper = await names(`toupper(Name) eq ${literal(name.toUpperCase())}`);
      expect([name, among(upper)]).toEqual([
        name,
        among(NAMES.filter((n) => n.toUpperCase() === name.toUpperCase())),
      ]);
    }
  });

  it('orders by tolower(Name) in Unicode lower case on SQLite (MongoDB orders by properties only: 501)', async () => {
    const orderby = `$orderby=${encodeURIComponent('tolower(Name),Id')}&$select=Name`;
    if (target.name === 'mongodb') {
      await feed(orderby).expect(501);
      return;
    }
    const res = await feed(orderby).expect(200);
    const byLower = [...NAMES].sort((a, b) => {
      const [x, y] = [a.toLowerCase(), b.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    // Ties (equal lower case) are ordered by Id, i.e. by position in NAMES.
    const tieOrder = (list: string[]) => list.map((n) => n.toLowerCase());
    expect(tieOrder(res.body.value.map((r: { Name: string }) => r.Name))).toEqual(tieOrder(byLower));
    expect(await names("Name eq 'plain ascii'")).toEqual(['plain ascii']);
  });
});
