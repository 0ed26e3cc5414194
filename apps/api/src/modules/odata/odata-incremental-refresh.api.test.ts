import request from 'supertest';
import { generateIfcFixture, generateIfcRevision, type RevisionManifest } from '@aec/ifc';
import type { ProjectModelsResponse } from '@aec/contracts';
import type { Store } from '../../store/types';
import { POWER_QUERY_HEADERS, powerQueryDateTime, powerQueryRangeFilter } from '../../test/bi-clients';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import { describeEachStore } from '../../test/store-fixtures';

const MODEL = { storeys: 2, bays: 3, seed: 21 };
const REVISION = { added: 4, removed: 3, modified: 12, seed: 8 };
// small pages, so each window is read through several nextLinks as Power BI reads a partition
const PAGE_SIZE = 17;

interface ElementRow {
  GlobalId: string;
  ChangedAt: string;
  VersionNumber: number;
}

/**
 * Power BI's incremental refresh on an OData feed: the table is filtered with `[ChangedAt] >= RangeStart and
 * [ChangedAt] < RangeEnd`, which Power Query folds into `$filter=ChangedAt ge … and ChangedAt lt …` once per
 * partition. After version 2 of a model is uploaded and compared, version 2's window must hold exactly the elements
 * it added or modified, and the window before it every element version 2 left unchanged.
 */
describeEachStore(
  'Power BI incremental refresh: ChangedAt windows over two versions of a model',
  (target) => {
    let store: Store;
    let h: IfcHarness;
    let basic: string;
    let projectId: string;
    let manifest: RevisionManifest;
    let v1At: Date;
    let v2At: Date;

    /** Every row of a feed URL, following @odata.nextLink with Power Query's headers and the feed token. */
    async function pull(url: string): Promise<ElementRow[]> {
      const rows: ElementRow[] = [];
      let next: string | undefined = url;
      for (let pages = 0; next; pages++) {
        if (pages > 200) throw new Error('nextLink does not end');
        const res = await fetch(next, { headers: { ...POWER_QUERY_HEADERS, Authorization: basic } });
        const body = (await res.json()) as { value: ElementRow[]; '@odata.nextLink'?: string };
        if (res.status !== 200) throw new Error(`${res.status} for ${next}: ${JSON.stringify(body)}`);
        rows.push(...body.value);
        next = body['@odata.nextLink'];
      }
      return rows;
    }

    const root = () => `${h.baseUrl}/api/ifc/odata/projects/${projectId}/`;
    const window = (set: string, start: string, end: string) =>
      pull(`${root()}${set}?${powerQueryRangeFilter('ChangedAt', start, end)}`);
    const ids = (rows: ElementRow[]) => rows.map((r) => r.GlobalId).sort();
    const models = async (token: string) =>
      (
        await request(h.app)
          .get(`/api/ifc/projects/${projectId}/models`)
          .set('Authorization', `Bearer ${token}`)
          .expect(200)
      ).body as ProjectModelsResponse;

    beforeAll(async () => {
      ({ store, h } = await openIfcHarness(target, { ODATA_PAGE_SIZE: String(PAGE_SIZE) }));
      const { token, account } = await h.login('refresh');
      const feedToken = await request(h.app)
        .post('/api/feed-tokens')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Power BI' })
        .expect(201);
      basic = `Basic ${Buffer.from(`${account.username}:${feedToken.body.token}`).toString('base64')}`;

      projectId = (await upload(h, token, generateIfcFixture(MODEL).text, 'tower.ifc').expect(200)).body
        .projectId;
      const first = await models(token);
      v1At = new Date(first.models[0]!.versions[0]!.uploadedAt);
      // partitions are whole seconds in the URL: let version 2 start in a later second than version 1
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 50));

      const revision = generateIfcRevision(MODEL, REVISION);
      manifest = revision.manifest;
      await request(h.app)
        .post(`/api/ifc/projects/${projectId}/models/${projectId}/versions?wait=true`)
        .set('Authorization', `Bearer ${token}`)
        .attach('ifcFile', Buffer.from(revision.text), 'tower.ifc')
        .expect(200);
      // the comparison runs after "ready": until it is done every element counts as changed (never one missed)
      for (let tries = 0; ; tries++) {
        const latest = (await models(token)).models[0]!.versions[0]!;
        if (latest.changes?.status === 'ready') {
          v2At = new Date(latest.uploadedAt);
          break;
        }
        if (latest.changes?.status === 'failed' || tries > 300)
          throw new Error(`changes: ${JSON.stringify(latest.changes)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // the wide set is rebuilt after the version is ready too (503 until then)
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${root()}IFCElementsWide/$count`, { headers: { Authorization: basic } });
        await res.text();
        if (res.ok) break;
        if (res.status !== 503 || tries > 300) throw new Error(`wide set: ${res.status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 180_000);

    afterAll(async () => {
      await h?.stop();
      await target.dispose(store);
    });

    const changedIds = () =>
      manifest.changes
        .filter((c) => c.changeType !== 'Removed')
        .map((c) => c.globalId)
        .sort();
    const boundary = () => powerQueryDateTime(new Date(Math.floor(v2At.getTime() / 1000) * 1000));
    const dayStart = (d: Date) =>
      powerQueryDateTime(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())));
    const nextDay = (d: Date) =>
      powerQueryDateTime(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)));

    it.each(['IFCElements', 'IFCElementsWide'])(
      "%s: version 2's window holds exactly the added and modified elements, the window before it the unchanged ones",
      async (set) => {
        const all = await pull(`${root()}${set}`);
        expect(all).toHaveLength(manifest.revisedProducts);
        expect(new Set(all.map((r) => r.VersionNumber))).toEqual(new Set([2]));

        const recent = await window(set, boundary(), nextDay(v2At));
        expect(ids(recent)).toEqual(changedIds());
        for (const row of recent) expect(Date.parse(row.ChangedAt)).toBe(v2At.getTime());

        const older = await window(set, dayStart(v1At), boundary());
        const changed = new Set(changedIds());
        expect(ids(older)).toEqual(ids(all).filter((id) => !changed.has(id)));
        expect(older).toHaveLength(manifest.commonElements - manifest.modified);
        for (const row of older) expect(Date.parse(row.ChangedAt)).toBe(v1At.getTime());
      },
      60_000,
    );

    it('reads the same rows when Power BI Desktop folds the range in a local time zone (+01:00, −05:30)', async () => {
      const start = new Date(Math.floor(v2At.getTime() / 1000) * 1000);
      const end = new Date(start.getTime() + 86_400_000);
      const utc = ids(await window('IFCElements', powerQueryDateTime(start), powerQueryDateTime(end)));
      for (const offset of [60, -330]) {
        const local = await window(
          'IFCElements',
          powerQueryDateTime(start, offset),
          powerQueryDateTime(end, offset),
        );
        expect(ids(local)).toEqual(utc);
      }
      expect(utc).toEqual(changedIds());
    });

    it('an empty window (a partition before the project existed) is an empty page, not an error', async () => {
      const rows = await window('IFCElements', '2001-01-01T00:00:00Z', '2001-02-01T00:00:00Z');
      expect(rows).toEqual([]);
    });

    it.each([
      ['a month 13', 'ChangedAt ge 2026-13-01T00:00:00Z'],
      ['a date without a time', "ChangedAt ge 'yesterday'"],
    ])('a malformed range (%s) is a 400 with an OData error, never a 5xx', async (_label, filter) => {
      const res = await fetch(`${root()}IFCElements?$filter=${encodeURIComponent(filter)}`, {
        headers: { ...POWER_QUERY_HEADERS, Authorization: basic },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    });
  },
);
