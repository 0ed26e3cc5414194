import request from 'supertest';
import { describeEachStore, type StoreTarget } from '../../test/store-fixtures';
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

  // FerretDB (CI's MongoDB server) filters and sorts in its own process over the whole collection for every page,
  // so each page costs about the same whatever its size: that variant pages the same rows in four pages, in a
  // database of its own (dropped after: FerretDB cannot delete 50,000 documents in one deleteMany), with a longer
  // bound on the test's time.
  const mongo = target.name === 'mongodb';
  const rows = ROWS;
  const pageSize = mongo ? ROWS / 4 : PAGE;
  const open = async () => {
    ({ store, h } = await openIfcHarness(target, { ODATA_PAGE_SIZE: String(Math.max(pageSize, 5_000)) }));
    const login = await h.login('snapshot');
    token = login.token;
    userId = login.user.id;
  };
  const close = async () => {
    await h.stop();
    await target.dispose(store);
  };
  beforeAll(open, 120_000);
  afterAll(close);

  it(
    `pages a ${rows.toLocaleString('en')}-row project to the end of the version it began with when a new one is published midway`,
    async () => {
      // Inserted with insertBatch directly (publishedProject), as one version's rows.
      const projectId = await publishedProject(store, userId, rowsOf(rows, 'v1'));
      // Version 2 drops the first nine tenths of the elements, renames the rest and adds as many past the end of v1.
      const v2 = rowsOf(rows / 5, 'v2', rows - rows / 10 + 1);
      const seen: { Id: string; Name: string }[] = [];
      let next: string | undefined = `/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id,Name`;
      let pages = 0;
      while (next) {
        const page: request.Response = await get(next)
          .set('Prefer', `odata.maxpagesize=${pageSize}`)
          .expect(200);
        seen.push(...page.body.value);
        next = page.body['@odata.nextLink'] && local(page.body['@odata.nextLink']);
        if (++pages === Math.max(1, Math.floor((rows / pageSize) * 0.4)))
          await publishVersion(store, projectId, v2, 'v2');
      }
      expect(pages).toBe(rows / pageSize);
      expect(new Set(seen.map((r) => r.Id)).size).toBe(rows);
      expect(seen.map((r) => r.Name).sort()).toEqual(
        rowsOf(rows, 'v1')
          .map((r) => r.Name)
          .sort(),
      );

      // A pull begun now reads version 2.
      const count = await get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`).expect(200);
      expect(count.text).toBe(String(v2.length));
      // Later tests page through every project's rows on FerretDB: they start on a database of their own.
      await close();
      await open();
    },
    mongo ? 1_200_000 : 120_000,
  );

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
  }, 120_000);

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
  }, 120_000);
}

describeEachStore('OData snapshot reads', snapshotSuite);
