import request from 'supertest';
import { generateIfcFixture, type PropertyRow } from '@aec/ifc';
import { uniqueODataIdentifiers } from '@aec/odata';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';
import { WIDE_FIXED_COLUMNS, isBooleanText } from '../../store/wide-columns';

// With sets that have no name (valid IFC): their columns are named UnnamedSet_<Property>.
const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 11, unnamedSets: true });

type Row = Record<string, unknown>;

describeEachStore('OData feed: the per-project wide element set', (target) => {
  let store: Store;
  let h: IfcHarness;
  let owner: { token: string };
  let other: { token: string };
  let projectId: string;
  let properties: (PropertyRow & { Id: unknown })[];
  let elements: Row[];
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const root = () => `/api/ifc/odata/projects/${projectId}/`;

  /** Every row of a set through nextLink, as a client does. */
  async function pull(url: string, token: string): Promise<Row[]> {
    const out: Row[] = [];
    let next: string | undefined = url;
    while (next) {
      const res: request.Response = await request(h.app)
        .get(next.replace(/^https?:\/\/[^/]+/, ''))
        .set(bearer(token))
        .expect(200);
      out.push(...(res.body.value as Row[]));
      next = res.body['@odata.nextLink'];
    }
    return out;
  }

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target, { ODATA_PAGE_SIZE: '50' }));
    owner = await h.login('wideowner');
    other = await h.login('wideother');
    projectId = (await upload(h, owner.token, fixture.text, 'wide.ifc').expect(200)).body.projectId;
    // The wide set is built right after the model is ready: wait for it as a client would.
    for (let tries = 0; ; tries++) {
      const res = await request(h.app).get(`${root()}IFCElementsWide/$count`).set(bearer(owner.token));
      if (res.status === 200) break;
      expect(res.status).toBe(503);
      if (tries > 200) throw new Error('the wide set was not built within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    properties = (await pull(`${root()}IFCProperties`, owner.token)) as unknown as typeof properties;
    elements = await pull(`${root()}IFCElements`, owner.token);
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  /** What the set must hold, computed here from the project's IFCProperties rows (first value per element). */
  function expected() {
    const withValue = properties.filter((p) => p.Value !== null || p.NumericValue !== null);
    const setOf = (p: PropertyRow) => p.SetName ?? 'UnnamedSet';
    const labelOf = (p: PropertyRow) => `${setOf(p)}.${p.PropertyName}`;
    const labels = [...new Set(withValue.map(labelOf))].sort((a, b) => {
      const [sa, pa] = a.split('.', 2) as [string, string];
      const [sb, pb] = b.split('.', 2) as [string, string];
      return sa.localeCompare(sb, 'en') || pa.localeCompare(pb, 'en');
    });
    const names = uniqueODataIdentifiers(labels, WIDE_FIXED_COLUMNS);
    const of = (label: string) => withValue.filter((p) => labelOf(p) === label);
    const types = new Map(
      labels.map((label) => {
        const rows = of(label);
        const type = rows.every((p) => p.NumericValue !== null)
          ? 'Edm.Double'
          : rows.every((p) => isBooleanText(p.Value))
            ? 'Edm.Boolean'
            : 'Edm.String';
        return [label, type];
      }),
    );
    const values = new Map<unknown, Row>();
    for (const p of [...properties].sort((a, b) => (String(a.Id) < String(b.Id) ? -1 : 1))) {
      const label = labelOf(p);
      const name = names.get(label);
      if (!name) continue;
      const row = values.get(p.ElementExpressId) ?? {};
      values.set(p.ElementExpressId, row);
      if (name in row && row[name] !== null) continue;
      const type = types.get(label);
      row[name] =
        type === 'Edm.Double'
          ? p.NumericValue
          : type === 'Edm.Boolean'
            ? isBooleanText(p.Value)
              ? p.Value!.toLowerCase() === 'true'
              : null
            : (p.Value ?? (p.NumericValue === null ? null : String(p.NumericValue)));
    }
    return { labels, names, types, values };
  }

  it('describes one typed column per property found in the model, on the project root only', async () => {
    const { labels, names, types } = expected();
    expect(labels.length).toBeGreaterThan(3);
    expect(labels).toEqual(expect.arrayContaining(['UnnamedSet.Zone', 'UnnamedSet.ClearHeight']));
    const metadata = (await request(h.app).get(`${root()}$metadata`).set(bearer(owner.token)).expect(200))
      .text;
    expect(metadata).toContain('<EntitySet Name="IFCElementsWide" EntityType="AEC.IFC.IFCElementWide"');
    for (const label of labels) {
      expect(metadata).toContain(`<Property Name="${names.get(label)}" Type="${types.get(label)}"`);
    }
    const service = await request(h.app).get(root()).set(bearer(owner.token)).expect(200);
    expect(service.body.value.map((s: { name: string }) => s.name)).toContain('IFCElementsWide');
    const shared = (await request(h.app).get('/api/ifc/odata/$metadata').set(bearer(owner.token)).expect(200))
      .text;
    expect(shared).not.toContain('IFCElementsWide');
  });

  it('serves every element once with its element columns and its property values', async () => {
    const { names, values } = expected();
    const wide = await pull(`${root()}IFCElementsWide`, owner.token);
    expect(wide.map((r) => r.Id).sort()).toEqual(elements.map((r) => r.Id).sort());
    const byId = new Map(elements.map((e) => [e.Id, e]));
    for (const row of wide) {
      const element = byId.get(row.Id)!;
      expect(row.Name).toEqual(element.Name);
      expect(row.IfcType).toEqual(element.IfcType);
      const own = values.get(row.ExpressId) ?? {};
      for (const name of names.values()) expect([name, row[name]]).toEqual([name, own[name] ?? null]);
    }
  });

  it('filters, selects, orders and counts on property columns in the store', async () => {
    const { labels, names, types, values } = expected();
    const numeric = labels.find((l) => types.get(l) === 'Edm.Double')!;
    const column = names.get(numeric)!;
    const all = [...values.entries()].filter(([, r]) => typeof r[column] === 'number');
    const threshold = all.map(([, r]) => r[column] as number).sort((a, b) => a - b)[
      Math.floor(all.length / 2)
    ]!;
    const want = all.filter(([, r]) => (r[column] as number) > threshold).length;
    const filter = encodeURIComponent(`${column} gt ${threshold}`);
    const res = await request(h.app)
      .get(
        `${root()}IFCElementsWide?$filter=${filter}&$select=Id,${column}&$orderby=${column} desc&$count=true`,
      )
      .set(bearer(owner.token))
      .expect(200);
    expect(res.body['@odata.count']).toBe(want);
    const got = (res.body.value as Row[]).map((r) => r[column] as number);
    expect(got.every((v) => v > threshold)).toBe(true);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    expect(Object.keys(res.body.value[0] ?? { Id: 1, [column]: 1 }).sort()).toEqual(['Id', column].sort());
    const count = await request(h.app)
      .get(`${root()}IFCElementsWide/$count?$filter=${filter}`)
      .set(bearer(owner.token))
      .expect(200);
    expect(Number(count.text)).toBe(want);
  });

  it("keeps a project's columns and rows from anyone else", async () => {
    await request(h.app).get(`${root()}$metadata`).set(bearer(other.token)).expect(404);
    await request(h.app).get(`${root()}IFCElementsWide`).set(bearer(other.token)).expect(404);
    const anonymous = await request(h.app).get(`${root()}$metadata`).expect(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
    await request(h.app).get(`${root()}IFCElementsWide`).expect(401);
    // The wide set is a per-project set: the shared root does not know it.
    await request(h.app).get('/api/ifc/odata/IFCElementsWide').set(bearer(owner.token)).expect(404);
  });
});
