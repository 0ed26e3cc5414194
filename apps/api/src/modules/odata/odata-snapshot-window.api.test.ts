import request from 'supertest';
import { startIfcHarness } from '../../test/ifc-harness';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject, publishVersion } from '../../test/published-project';
import { describeEachStore, type StoreTarget } from '../../test/store-fixtures';
import { openGraceStore } from '../../test/grace-store';

/*
 * Issue 19.2: a superseded version's rows outlive the switch by the snapshot window (SNAPSHOT_GRACE_MINUTES)
 * whatever the retention; after it, retention applies (at the next publish or by the periodic sweep) and a link
 * still reading it answers 410 saying to refresh. The window comes from the store's configuration: a test passes
 * `now` to the sweep instead of waiting.
 */

const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');
const rowsOf = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => elementRow(i + 1, { Name: `${tag}-${i + 1}` }));

function windowSuite(target: StoreTarget) {
  async function open(graceMinutes: number) {
    const { store, dataDir, dispose } = await openGraceStore(target, graceMinutes);
    const h = await startIfcHarness(store, { SNAPSHOT_GRACE_MINUTES: String(graceMinutes) }, dataDir);
    const login = await h.login('window');
    const get = (url: string) =>
      request(h.app)
        .get(url)
        .set('Authorization', `Bearer ${login.token}`)
        .set('Prefer', 'odata.maxpagesize=5');
    return { store, h, get, userId: login.user.id, dispose };
  }

  it('keeps the replaced version for the window under retention 1, prunes it after, and its link then answers 410', async () => {
    const { store, h, get, userId, dispose } = await open(30);
    try {
      const projectId = await publishedProject(store, userId, rowsOf(20, 'x'));
      await store.projects.setRetention(projectId, 1);
      const first = await get(`/api/ifc/odata/projects/${projectId}/IFCElements`).expect(200);
      await publishVersion(store, projectId, rowsOf(20, 'y'), 'y');
      const next = local(first.body['@odata.nextLink']);
      const kept = await get(next).expect(200);
      expect(kept.body.value).toHaveLength(5);
      expect(kept.body.value.every((r: { Name: string }) => r.Name.startsWith('x-'))).toBe(true);
      // Within the window the sweep leaves it; past it retention removes it and the link answers 410.
      expect(await store.pruneSuperseded(Date.now() + 29 * 60_000)).toBe(0);
      await get(next).expect(200);
      expect(await store.pruneSuperseded(Date.now() + 31 * 60_000)).toBe(1);
      expect(await store.pruneSuperseded(Date.now() + 31 * 60_000)).toBe(0);
      const gone = await get(next).expect(410);
      expect(gone.body.error.code).toBe('Gone');
      expect(gone.body.error.message).toMatch(/refresh the report/);
      const history = await store.models.listVersions(projectId, projectId);
      expect(history.map((v) => [v.number, v.retained, v.supersededAt !== null])).toEqual([
        [2, true, false],
        [1, false, true],
      ]);
      // The current version reads on.
      expect((await get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`).expect(200)).text).toBe(
        '20',
      );
    } finally {
      await h.stop();
      await dispose();
    }
  }, 120_000);

  it('with a 0-minute window retention prunes at the publish, and a link older than it answers 410', async () => {
    const { store, h, get, userId, dispose } = await open(0);
    try {
      const projectId = await publishedProject(store, userId, rowsOf(20, 'x'));
      await store.projects.setRetention(projectId, 1);
      const first = await get(`/api/ifc/odata/projects/${projectId}/IFCElements`).expect(200);
      await publishVersion(store, projectId, rowsOf(20, 'y'), 'y');
      const gone = await get(local(first.body['@odata.nextLink'])).expect(410);
      expect(gone.body.error.message).toMatch(/refresh the report/);
    } finally {
      await h.stop();
      await dispose();
    }
  }, 120_000);

  it('without retention every version stays: a link reads its version however old', async () => {
    const { store, h, get, userId, dispose } = await open(30);
    try {
      const projectId = await publishedProject(store, userId, rowsOf(20, 'x'));
      const first = await get(`/api/ifc/odata/projects/${projectId}/IFCElements`).expect(200);
      await publishVersion(store, projectId, rowsOf(20, 'y'), 'y');
      expect(await store.pruneSuperseded(Date.now() + 365 * 24 * 60 * 60_000)).toBe(0);
      await get(local(first.body['@odata.nextLink'])).expect(200);
    } finally {
      await h.stop();
      await dispose();
    }
  }, 120_000);
}

describeEachStore(
  'OData snapshot window: a superseded version is kept for the window, then retention applies',
  windowSuite,
);
