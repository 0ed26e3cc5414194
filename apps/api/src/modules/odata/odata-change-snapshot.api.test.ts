import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeEachStore, type StoreTarget } from '../../test/store-fixtures';
import { startIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { openGraceStore } from '../../test/grace-store';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { Store, VersionRecord } from '../../store/types';

/*
 * Issue 19.2 for the sets that are not a published version's rows: IFCChanges and IFCPropertyChanges serve every
 * kept version's change set, Models and Versions the records. A page link minted before a new version's change set
 * completes, or before a publish, rollback or deletion, keeps serving what it began with for the snapshot window
 * (or because the data it pages did not change); only after the window does it answer 410 saying to refresh.
 */

const PAST_WINDOW = 31 * 60_000;
const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

function changeSnapshotSuite(target: StoreTarget) {
  let store: Store;
  let h: IfcHarness;
  let dispose: () => Promise<void>;
  let token: string;
  let userId: string;
  const get = (url: string, pageSize = 2) =>
    request(h.app)
      .get(url)
      .set('Authorization', `Bearer ${token}`)
      .set('Prefer', `odata.maxpagesize=${pageSize}`);

  beforeAll(async () => {
    let dataDir: string;
    ({ store, dataDir, dispose } = await openGraceStore(target, 30));
    h = await startIfcHarness(store, { SNAPSHOT_GRACE_MINUTES: '30' }, dataDir);
    const login = await h.login('changesnap');
    token = login.token;
    userId = login.user.id;
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await dispose();
  });

  /** Element `n` of version `tag`: GlobalId G<n>, a property whose value names the version. */
  async function version(
    projectId: string,
    modelId: string,
    ids: number[],
    tag: string,
  ): Promise<VersionRecord> {
    const v = await store.models.createVersion({
      projectId,
      modelId,
      fileName: `${tag}.ifc`,
      fileSize: 1,
      uploaderId: userId,
      schema: 'IFC4',
    });
    const context = { modelId, modelName: modelId, versionNumber: v.number, changedAt: v.createdAt };
    await store.rows.insertBatch(
      projectId,
      v.version,
      {
        elements: ids.map((n) => elementRow(n, { GlobalId: `${modelId}-G${n}`, Name: `${tag}-${n}` })),
        properties: ids.map((n) => propertyRow(n, { ElementGlobalId: `${modelId}-G${n}`, Value: tag })),
      },
      context,
    );
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: ids.length,
      propertyCount: ids.length,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    return v;
  }

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  /** A project whose model went 1 → 2 with its change set complete: 3 removed, 3 added, 6 modified. */
  async function projectWithChanges() {
    const projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: userId,
      isPublic: false,
      name: 'Ändern',
      fileName: 'v1.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Ändern' });
    const v1 = await version(projectId, projectId, range(1, 9), 'a');
    const v2 = await version(projectId, projectId, range(4, 12), 'b');
    await store.rows.computeChanges(projectId, v2.version, v1.version);
    return { projectId, v1, v2 };
  }

  /** Every row of a pull from `first` on, following next links. */
  async function pullFrom(first: request.Response) {
    const rows = [...first.body.value];
    let next: string | undefined = first.body['@odata.nextLink'];
    while (next) {
      const page = await get(local(next)).expect(200);
      rows.push(...page.body.value);
      next = page.body['@odata.nextLink'];
    }
    return rows;
  }

  const setUrls = (projectId: string) => [
    `/api/ifc/odata/projects/${projectId}/IFCChanges`,
    `/api/ifc/odata/projects/${projectId}/IFCPropertyChanges`,
    `/api/ifc/odata/IFCChanges?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
  ];

  it("ends a change pull begun before a new version's change set completed on the rows it began with", async () => {
    const { projectId, v2 } = await projectWithChanges();
    const urls = setUrls(projectId);
    const whole = await Promise.all(urls.map((url) => get(url, 1000).expect(200)));
    const firsts = await Promise.all(urls.map((url) => get(url).expect(200)));
    const v3 = await version(projectId, projectId, range(7, 15), 'c');
    await store.rows.computeChanges(projectId, v3.version, v2.version);
    for (const [i, first] of firsts.entries()) {
      expect(first.body['@odata.nextLink']).toBeDefined();
      const rows = await pullFrom(first);
      expect(rows).toEqual(whole[i]!.body.value);
      expect(rows.every((r: { VersionNumber: number }) => r.VersionNumber === 2)).toBe(true);
    }
    // A pull begun now reads version 3's change set too.
    const now = await get(urls[0]!, 1000).expect(200);
    expect(now.body.value.some((r: { VersionNumber: number }) => r.VersionNumber === 3)).toBe(true);
  }, 120_000);

  it('keeps a change pull through a publish under retention 1 and a rollback for the window, then answers 410', async () => {
    const { projectId, v1 } = await projectWithChanges();
    await store.projects.setRetention(projectId, 1);
    const urls = setUrls(projectId);
    const whole = await Promise.all(urls.map((url) => get(url, 1000).expect(200)));
    const firsts = await Promise.all(urls.map((url) => get(url).expect(200)));
    await version(projectId, projectId, range(10, 18), 'c');
    expect(await store.models.rollback(projectId, projectId, v1.number)).toBe(true);
    const seconds = [];
    for (const [i, first] of firsts.entries()) {
      const next = local(first.body['@odata.nextLink']);
      seconds.push(next);
      const rows = await pullFrom(first);
      expect(rows).toEqual(whole[i]!.body.value);
    }
    // Past the window, retention removes version 2 (and its change rows): the links say to refresh.
    expect(await store.pruneSuperseded(Date.now() + PAST_WINDOW)).toBeGreaterThan(0);
    for (const next of seconds) {
      const gone = await get(next).expect(410);
      expect(gone.body.error.code).toBe('Gone');
      expect(gone.body.error.message).toMatch(/refresh the report/);
    }
  }, 120_000);

  it('keeps a change pull when another model of the project, which it does not read, is deleted', async () => {
    const { projectId } = await projectWithChanges();
    await store.models.create({ id: `${projectId}-mep`, projectId, name: 'MEP' });
    await version(projectId, `${projectId}-mep`, range(1, 3), 'mep');
    const urls = setUrls(projectId);
    const whole = await Promise.all(urls.map((url) => get(url, 1000).expect(200)));
    const firsts = await Promise.all(urls.map((url) => get(url).expect(200)));
    expect(await store.models.delete(projectId, `${projectId}-mep`)).toBe('deleted');
    for (const [i, first] of firsts.entries()) expect(await pullFrom(first)).toEqual(whole[i]!.body.value);
  }, 120_000);

  it('keeps a Models or Versions pull through a publish under retention 1, also past the window', async () => {
    const { projectId } = await projectWithChanges();
    await store.projects.setRetention(projectId, 1);
    const urls = [
      `/api/ifc/odata/projects/${projectId}/Versions?$select=VersionNumber,ModelId`,
      `/api/ifc/odata/Versions?$select=VersionNumber&$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
      `/api/ifc/odata/projects/${projectId}/Models?$select=ModelId,Name`,
    ];
    await store.models.create({ id: `${projectId}-b`, projectId, name: 'B' });
    const firsts = await Promise.all(urls.map((url) => get(url, 1).expect(200)));
    await version(projectId, projectId, range(10, 18), 'c');
    expect(await store.pruneSuperseded(Date.now() + PAST_WINDOW)).toBeGreaterThan(0);
    for (const first of firsts) {
      const rows = [...first.body.value];
      let next: string | undefined = first.body['@odata.nextLink'];
      expect(next).toBeDefined();
      while (next) {
        const page = await get(local(next), 1).expect(200);
        rows.push(...page.body.value);
        next = page.body['@odata.nextLink'];
      }
      const keys = rows.map((r) => JSON.stringify(r));
      expect(new Set(keys).size).toBe(keys.length);
      expect(rows.length).toBeGreaterThanOrEqual(2);
    }
  }, 120_000);
}

describeEachStore('OData snapshot reads of the change sets, Models and Versions', changeSnapshotSuite);
