import request from 'supertest';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { storeTargets, type StoreTarget } from '../../test/store-fixtures';
import { openIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject, publishVersion } from '../../test/published-project';
import type { Store } from '../../store/types';

/*
 * Issue 19.2: a pull that began before a new version was published keeps reading the version it began with, for
 * at least the snapshot window after the switch; only a link older than that answers 410 saying to refresh.
 */

const ROWS = 50_000;
const PAGE = 1_000;
const REFRESH_MESSAGE = /refresh/i;
const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

const rowsOf = (count: number, tag: string, from = 1) =>
  Array.from({ length: count }, (_, i) => elementRow(from + i, { Name: `${tag}-${from + i}` }));

function snapshotSuite(target: StoreTarget) {
  let h: IfcHarness;
  let store: Store;
  let token: string;
  let userId: string;
  const get = (url: string) =>
    request(h.app)
      .get(url)
      .set('Authorization', `Bearer ${token}`)
      .set('Prefer', `odata.maxpagesize=${PAGE}`);

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    const login = await h.login('snapshot');
    token = login.token;
    userId = login.user.id;
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('pages a 50,000-row project to the end of the version it began with when a new one is published midway', async () => {
    const projectId = await publishedProject(store, userId, rowsOf(ROWS, 'v1'));
    // Version 2 drops the first 10,000 elements, renames the rest and adds 5,000 more past the end of version 1.
    const v2 = rowsOf(ROWS - 10_000 + 5_000, 'v2', 10_001);
    const seen: { Id: string; Name: string }[] = [];
    let next: string | undefined = `/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id,Name`;
    let pages = 0;
    while (next) {
      const page: request.Response = await get(next).expect(200);
      seen.push(...page.body.value);
      next = page.body['@odata.nextLink'] && local(page.body['@odata.nextLink']);
      if (++pages === 20) await publishVersion(store, projectId, v2, 'v2');
    }
    expect(pages).toBe(ROWS / PAGE);
    expect(new Set(seen.map((r) => r.Id)).size).toBe(ROWS);
    expect(seen.map((r) => r.Name).sort()).toEqual(
      rowsOf(ROWS, 'v1')
        .map((r) => r.Name)
        .sort(),
    );

    // A pull begun now reads version 2.
    const count = await get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`).expect(200);
    expect(count.text).toBe(String(v2.length));
  }, 120_000);

  it('keeps the other sets and the all-projects root on the version a pull began with', async () => {
    // A user of their own: the all-projects root holds only these two projects.
    const own = await h.login('snapshotroot');
    const projectId = await publishedProject(store, own.user.id, rowsOf(30, 'a'));
    const other = await publishedProject(store, own.user.id, rowsOf(30, 'b'));
    await publishVersion(store, projectId, rowsOf(30, 'a1'), 'a1');
    await publishVersion(store, other, rowsOf(30, 'b1'), 'b1');
    const small = (url: string) =>
      request(h.app)
        .get(url)
        .set('Authorization', `Bearer ${own.token}`)
        .set('Prefer', 'odata.maxpagesize=5');
    const urls = [
      `/api/ifc/odata/IFCElements?$select=Id,Name,ProjectId`,
      `/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id,Name`,
      `/api/ifc/odata/Projects?$select=ProjectId&$top=1`,
      `/api/ifc/odata/IFCProperties?$select=Id,Value`,
      `/api/ifc/odata/IFCSpatialStructure?$select=GlobalId,Name,ProjectId`,
      `/api/ifc/odata/Projects?$select=ProjectId&$expand=Elements($select=Id,Name)`,
    ];
    const firstPages = await Promise.all(urls.map((url) => small(url).expect(200)));
    await publishVersion(store, projectId, rowsOf(12, 'a2', 100), 'a2');
    await publishVersion(store, other, rowsOf(7, 'b2', 100), 'b2');
    for (const first of firstPages) {
      const rows = [...first.body.value];
      const links: string[] = [first.body['@odata.nextLink']];
      // Expanded collections link their next rows too ($expand=Elements: Elements@odata.nextLink per project).
      for (const parent of first.body.value) links.push(parent['Elements@odata.nextLink']);
      for (let next = links.shift(); links.length || next; next = links.shift()) {
        if (!next) continue;
        const page = await small(local(next)).expect(200);
        rows.push(...page.body.value);
        links.push(page.body['@odata.nextLink']);
      }
      const text = JSON.stringify(rows);
      expect(text).not.toMatch(/"(a2|b2)(-\d+)?"/);
      expect(new Set(rows.map((r) => JSON.stringify([r.Id, r.GlobalId, r.ProjectId]))).size).toBe(
        rows.length,
      );
    }
    const [all, one, , properties, spatial] = firstPages.map((p) => p.body.value.length);
    expect([all, one, properties, spatial]).toEqual([5, 5, 2, 2]);
  });

  it('answers 410 saying to refresh once the version a link reads is gone', async () => {
    const projectId = await publishedProject(store, userId, rowsOf(20, 'x'));
    const first = await get(`/api/ifc/odata/projects/${projectId}/IFCElements`)
      .set('Prefer', 'odata.maxpagesize=5')
      .expect(200);
    const v2 = await publishVersion(store, projectId, rowsOf(20, 'y'), 'y');
    const next = local(first.body['@odata.nextLink']);
    await get(next).set('Prefer', 'odata.maxpagesize=5').expect(200);
    // Deleting the version explicitly removes its rows at once.
    await store.models.deleteVersion(projectId, projectId, v2.number - 1);
    const gone = await get(next).set('Prefer', 'odata.maxpagesize=5').expect(410);
    expect(gone.body.error.code).toBe('Gone');
    expect(gone.body.error.message).toMatch(REFRESH_MESSAGE);
  });
}

const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
describe('OData snapshot reads [sqlite]', () => snapshotSuite(sqlite));
describeSkipped(
  'OData snapshot reads [mongodb]',
  'the MongoDB models store (issue 15, h-mongo) is not on main yet: versions cannot be published there',
);
