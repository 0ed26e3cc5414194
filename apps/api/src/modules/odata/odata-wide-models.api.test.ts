import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { PropertyRow, Store } from '../../store/types';

type Row = Record<string, unknown>;
const PROPERTY_COLUMNS = [
  'Dims_Flag',
  'Dims_Ratio',
  'Dims_Size',
  'Only_B',
  'Pset_A_Fire_Rating',
  'Pset_A_Fire_Rating_2',
];

/**
 * The wide set of a federated project: the models' own wide sets disagree on a column's type (Dims.Size is a number
 * in one, text in the other), name a property differently (the other model has a second label that reads the same)
 * and have columns the other lacks. The project's wide set has the union, typed and named as one.
 */
describeEachStore('OData feed: the wide set of a project with several models', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  let projectId: string;
  const mepId = `m_${randomUUID()}`;
  const enc = encodeURIComponent;
  const wide = (query: string, prefer?: string) => {
    const req = request(runtime.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElementsWide${query}`)
      .set('Authorization', `Bearer ${token}`);
    return prefer ? req.set('Prefer', prefer) : req;
  };
  /** Every row through nextLink, as a client pages. */
  async function pull(query: string, prefer?: string): Promise<Row[]> {
    const out: Row[] = [];
    let res = await wide(query, prefer).expect(200);
    for (;;) {
      out.push(...(res.body.value as Row[]));
      const next = res.body['@odata.nextLink'] as string | undefined;
      if (!next) return out;
      const path = next.replace(/^https?:\/\/[^/]+/, '');
      res = await request(runtime.app)
        .get(path)
        .set('Authorization', `Bearer ${token}`)
        .set('Prefer', prefer ?? '')
        .expect(200);
    }
  }
  const ids = (rows: Row[]) => rows.map((r) => r.GlobalId);

  async function upload(modelId: string, modelName: string, globalIds: string[], properties: PropertyRow[]) {
    const v = await store.models.createVersion({
      projectId,
      modelId,
      fileName: `${modelName}.ifc`,
      fileSize: 10,
      uploaderId: null,
      schema: 'IFC4',
    });
    await store.rows.insertBatch(
      projectId,
      v.version,
      {
        elements: globalIds.map((g, i) => elementRow(i + 1, { GlobalId: g, Name: `${modelName} ${g}` })),
        properties,
      },
      { modelId, modelName, versionNumber: v.number, changedAt: v.createdAt },
    );
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: globalIds.length,
      propertyCount: properties.length,
      spatialCount: 0,
      countsByType: { IfcWall: globalIds.length },
      countsByStorey: {},
    });
    // The post-publish step.
    expect(await store.rows.buildWideElements(projectId, v.version)).not.toBeNull();
  }
  const p = (
    expressId: number,
    globalId: string,
    set: string,
    name: string,
    value: string,
    numeric?: number,
  ) =>
    propertyRow(expressId, {
      ElementGlobalId: globalId,
      SetName: set,
      PropertyName: name,
      Value: value,
      NumericValue: numeric ?? null,
      ValueType: value === 'true' || value === 'false' ? 'IfcBoolean' : 'IfcLabel',
    });

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    const owner = await registerAndLogin(runtime.app, 'widemodels');
    token = owner.token;
    projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.user.id,
      isPublic: false,
      name: 'Federated',
      fileName: 'arch.ifc',
      fileSize: 10,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Architecture' });
    await store.models.create({ id: mepId, projectId, name: 'MEP – Ø' });
    // Architecture: Dims.Size is a number; its only Fire Rating label is 'Pset_A.Fire_Rating'.
    await upload(
      projectId,
      'Architecture',
      ['A1', 'A2'],
      [
        p(1, 'A1', 'Dims', 'Size', '3', 3),
        p(1, 'A1', 'Dims', 'Flag', 'true'),
        p(1, 'A1', 'Dims', 'Ratio', '0.5', 0.5),
        p(1, 'A1', 'Pset_A', 'Fire_Rating', 'x'),
        p(2, 'A2', 'Dims', 'Size', '10', 10),
        p(2, 'A2', 'Dims', 'Flag', 'false'),
      ],
    );
    // MEP: Dims.Size is text; 'Pset A.Fire Rating' takes the plain name, so 'Pset_A.Fire_Rating' gets '_2'.
    await upload(
      mepId,
      'MEP – Ø',
      ['B1', 'B2'],
      [
        p(1, 'B1', 'Dims', 'Size', 'large'),
        p(1, 'B1', 'Pset_A', 'Fire_Rating', 'y'),
        p(1, 'B1', 'Pset A', 'Fire Rating', 'z'),
        p(1, 'B1', 'Only', 'B', 'Straße'),
        p(2, 'B2', 'Dims', 'Size', '2.5', 2.5),
        p(2, 'B2', 'Dims', 'Ratio', '2.25', 2.25),
      ],
    );
    // The project's set joins both: a store may still be preparing it (503, as after any publish).
    for (let tries = 0; ; tries++) {
      const res = await wide('/$count');
      if (res.status === 200) break;
      expect([res.status, res.body]).toEqual([503, expect.anything()]);
      if (tries > 600) throw new Error('the federated wide set was not prepared within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  const select = `$select=GlobalId,ModelName,${PROPERTY_COLUMNS.join(',')}`;
  const A1 = {
    GlobalId: 'A1',
    ModelName: 'Architecture',
    Dims_Flag: true,
    Dims_Ratio: 0.5,
    Dims_Size: '3',
    Only_B: null,
    Pset_A_Fire_Rating: null,
    Pset_A_Fire_Rating_2: 'x',
  };
  const A2 = {
    GlobalId: 'A2',
    ModelName: 'Architecture',
    Dims_Flag: false,
    Dims_Ratio: null,
    Dims_Size: '10',
    Only_B: null,
    Pset_A_Fire_Rating: null,
    Pset_A_Fire_Rating_2: null,
  };
  const B1 = {
    GlobalId: 'B1',
    ModelName: 'MEP – Ø',
    Dims_Flag: null,
    Dims_Ratio: null,
    Dims_Size: 'large',
    Only_B: 'Straße',
    Pset_A_Fire_Rating: 'z',
    Pset_A_Fire_Rating_2: 'y',
  };
  const B2 = {
    GlobalId: 'B2',
    ModelName: 'MEP – Ø',
    Dims_Flag: null,
    Dims_Ratio: 2.25,
    Dims_Size: '2.5',
    Only_B: null,
    Pset_A_Fire_Rating: null,
    Pset_A_Fire_Rating_2: null,
  };
  const strip = (rows: Row[]) => rows.map(({ Id: _id, ...rest }) => rest);

  it('describes the union of the models’ columns, typed as they agree (text where they do not)', async () => {
    const res = await request(runtime.app)
      .get(`/api/ifc/odata/projects/${projectId}/$metadata`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const wideType = res.text.slice(res.text.indexOf('<EntityType Name="IFCElementWide"'));
    const typeOf = (name: string) =>
      new RegExp(`<Property Name="${name}" Type="([^"]+)"`).exec(wideType)?.[1];
    expect(PROPERTY_COLUMNS.map((c) => [c, typeOf(c)])).toEqual([
      ['Dims_Flag', 'Edm.Boolean'],
      ['Dims_Ratio', 'Edm.Double'],
      ['Dims_Size', 'Edm.String'],
      ['Only_B', 'Edm.String'],
      ['Pset_A_Fire_Rating', 'Edm.String'],
      ['Pset_A_Fire_Rating_2', 'Edm.String'],
    ]);
  });

  it('serves every model’s rows with every column (null where a model lacks it), once, in pages', async () => {
    const sorted = (rows: Row[]) =>
      [...rows].sort((a, b) => String(a.GlobalId).localeCompare(String(b.GlobalId)));
    expect(sorted(strip(await pull(`?${select}`)))).toEqual([A1, A2, B1, B2]);
    const paged = await pull(`?${select}`, 'odata.maxpagesize=1');
    expect(sorted(strip(paged))).toEqual([A1, A2, B1, B2]);
    const count = await wide('?$count=true&$top=1').expect(200);
    expect(count.body['@odata.count']).toBe(4);
  });

  it('filters, orders and counts on property columns of either model, in the store', async () => {
    const where = async (filter: string) =>
      ids(await pull(`?$filter=${enc(filter)}&$select=GlobalId&$orderby=GlobalId`));
    expect(await where("Dims_Size eq '3'")).toEqual(['A1']);
    expect(await where("Dims_Size eq 'large' or Dims_Size eq '10'")).toEqual(['A2', 'B1']);
    expect(await where("Only_B eq 'Straße'")).toEqual(['B1']);
    expect(await where('Only_B eq null')).toEqual(['A1', 'A2', 'B2']);
    expect(await where('Dims_Ratio gt 0.4')).toEqual(['A1', 'B2']);
    expect(await where('Dims_Flag eq true')).toEqual(['A1']);
    expect(await where("Pset_A_Fire_Rating_2 eq 'x' or Pset_A_Fire_Rating eq 'z'")).toEqual(['A1', 'B1']);
    expect(await where("startswith(Dims_Size,'2')")).toEqual(['B2']);
    expect(await where("toupper(Only_B) eq 'STRASSE'")).toEqual(['B1']);
    expect(await where("tolower(ModelName) eq 'mep – ø'")).toEqual(['B1', 'B2']);
    const count = await wide(`/$count?$filter=${enc("Dims_Size ne '3'")}`).expect(200);
    expect(count.text).toBe('3');
    // Text order (a number of one model is text beside the other's): '10' < '2.5' < '3' < 'large'.
    const bySize = (prefer?: string) =>
      pull(`?$orderby=${enc('Dims_Size desc')}&$select=GlobalId,Dims_Size`, prefer);
    expect(ids(await bySize())).toEqual(['B1', 'A1', 'B2', 'A2']);
    expect(ids(await bySize('odata.maxpagesize=1'))).toEqual(['B1', 'A1', 'B2', 'A2']);
    const byRatio = await pull(
      `?$orderby=${enc('Dims_Ratio desc,GlobalId')}&$select=GlobalId`,
      'odata.maxpagesize=2',
    );
    // Nulls last in descending order on both stores.
    expect(ids(byRatio)).toEqual(['B2', 'A1', 'A2', 'B1']);
  });

  it('follows a model rename, and ends with its project', async () => {
    await store.models.rename(projectId, mepId, 'MEP – Straße');
    const named = await pull(`?$filter=${enc("ModelName eq 'MEP – Straße'")}&$select=GlobalId,ModelName`);
    expect(named.map((r) => [r.GlobalId, r.ModelName]).sort()).toEqual([
      ['B1', 'MEP – Straße'],
      ['B2', 'MEP – Straße'],
    ]);
    // Its case-mapped copies follow ('ß' upper-cases to 'SS').
    const upper = await pull(
      `?$filter=${enc("toupper(ModelName) eq 'MEP – STRASSE'")}&$select=GlobalId&$orderby=GlobalId`,
    );
    expect(ids(upper)).toEqual(['B1', 'B2']);
    expect(await store.projects.delete(projectId)).toBe(true);
    await wide('/$count').expect(404);
  });
});
