import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ElementRow } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { Store } from '../../store/types';

type Json = Record<string, unknown>;
type Entity = Json & { Id: string; ProjectId: string };

/** Per project: the published element rows, properties and spatial rows (the reference for expectations). */
interface Seeded {
  id: string;
  name: string;
  elements: ElementRow[];
  properties: number;
  spatial: number;
}

const PAGE = 5;

describeEachStore('OData $expand: navigations, nested options, paging and access', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let owner: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };
  let unpublished: ElementRow[];
  const seeded = new Map<string, Seeded>();
  const ids = { a: '', b: '', c: '', pub: '' };
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const feed = (path: string, token?: string) => {
    const r = request(runtime.app).get(`/api/ifc/odata/${path}`);
    return token ? r.set(bearer(token)) : r;
  };
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const enc = encodeURIComponent;

  async function seed(ownerId: string | null, isPublic: boolean, n: number, name: string): Promise<string> {
    const id = `p_${randomUUID()}`;
    await store.projects.create({
      id,
      ownerId,
      isPublic,
      name,
      fileName: 'model.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const v = await store.projects.nextVersion(id);
    // Distinct heights (so ordering needs no tiebreak to compute) and a type every third row.
    const elements = Array.from({ length: n }, (_, i) =>
      elementRow(i + 1, {
        Name: `${name} e${i + 1}`,
        Height: ((i * 7) % n) + 0.5,
        IfcType: i % 3 === 0 ? 'IfcDoor' : 'IfcWall',
        GlobalId: `${name}-G${i + 1}`,
      }),
    );
    const properties = elements
      .slice(0, 3)
      .map((e) => propertyRow(e.ExpressId, { ElementGlobalId: e.GlobalId }));
    await store.rows.insertBatch(id, v, {
      elements,
      properties,
      spatial: [spatialRow(1000), spatialRow(1001)],
    });
    await store.projects.publish(id, v, {
      schema: 'IFC4',
      elementCount: n,
      propertyCount: properties.length,
      spatialCount: 2,
      countsByType: {},
      countsByStorey: {},
    });
    seeded.set(id, { id, name, elements, properties: properties.length, spatial: 2 });
    return id;
  }

  /** Every row of a collection URL, following nextLinks. */
  async function all(url: string, token?: string): Promise<Entity[]> {
    const out: Entity[] = [];
    let next: string | undefined = url;
    while (next) {
      const r = request(runtime.app).get(local(next));
      const res = await (token ? r.set(bearer(token)) : r).expect(200);
      out.push(...(res.body.value as Entity[]));
      next = res.body['@odata.nextLink'];
    }
    return out;
  }

  const byProject = (id: string) => `$filter=${enc(`ProjectId eq '${id}'`)}`;

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store, { ODATA_PAGE_SIZE: String(PAGE) });
    owner = await registerAndLogin(runtime.app, 'expowner');
    other = await registerAndLogin(runtime.app, 'expother');
    ids.a = await seed(owner.user.id, false, 12, 'Alpha');
    ids.b = await seed(owner.user.id, false, 3, 'Beta');
    ids.c = await seed(other.user.id, false, 4, 'Gamma');
    ids.pub = await seed(null, true, 6, 'Public');
    // Both chose the public project (as Create Demo Data does): it joins their own roots.
    for (const user of [owner.user, other.user]) await store.projects.addToRoot(ids.pub, user.id);
    // A version being written (never published): its rows must never show.
    const v2 = await store.projects.nextVersion(ids.a);
    unpublished = Array.from({ length: 4 }, (_, i) =>
      elementRow(100 + i, { Name: 'draft', Height: 99, GlobalId: `draft-${i}` }),
    );
    await store.rows.insertBatch(ids.a, v2, { elements: unpublished, properties: [propertyRow(100)] });
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  it('expands every navigation of Projects, capped per parent, with a nested nextLink returning exactly the rest', async () => {
    const res = await feed('Projects?$expand=Elements,Properties,SpatialStructure', owner.token).expect(200);
    expect(res.body['@odata.context']).toMatch(
      /\$metadata#Projects\(Elements\(\),Properties\(\),SpatialStructure\(\)\)$/,
    );
    const projects = res.body.value as (Json & { ProjectId: string })[];
    expect(projects.map((p) => p.ProjectId).sort()).toEqual([ids.a, ids.b, ids.pub].sort());
    for (const p of projects) {
      const s = seeded.get(p.ProjectId)!;
      // Reference order: the top-level set filtered on the project (key order).
      const reference = await all(`/api/ifc/odata/IFCElements?${byProject(s.id)}`, owner.token);
      expect(reference.map((e) => e.GlobalId).sort()).toEqual(s.elements.map((e) => e.GlobalId).sort());
      const elements = p.Elements as Entity[];
      expect(elements).toEqual(reference.slice(0, PAGE));
      const link = p['Elements@odata.nextLink'] as string | undefined;
      if (s.elements.length > PAGE) {
        expect(link).toContain('/IFCElements?');
        const rest = await all(link!, owner.token);
        expect([...elements, ...rest]).toEqual(reference);
      } else expect(link).toBeUndefined();
      expect((p.Properties as Entity[]).map((x) => x.ProjectId)).toEqual(Array(s.properties).fill(s.id));
      expect((p.SpatialStructure as Json[]).map((x) => x.ExpressId)).toEqual([1000, 1001]);
    }
  });

  it('applies nested $select, $filter, $orderby, $top, $skip and $count per parent', async () => {
    const opts = '$select=Name,Height;$filter=Height gt 2;$orderby=Height desc;$top=3;$skip=1;$count=true';
    const res = await feed(`Projects?$expand=Elements(${enc(opts)})`, owner.token).expect(200);
    for (const p of res.body.value as Json[]) {
      const s = seeded.get(p.ProjectId as string)!;
      const matching = s.elements.filter((e) => (e.Height as number) > 2);
      const want = [...matching].sort((x, y) => (y.Height as number) - (x.Height as number)).slice(1, 4);
      const got = p.Elements as Json[];
      expect(got.map((e) => e.Name)).toEqual(want.map((e) => e.Name));
      expect(got.map((e) => e.Height)).toEqual(want.map((e) => e.Height));
      for (const e of got) expect(Object.keys(e).sort()).toEqual(['Height', 'Id', 'Name']);
      expect(p['Elements@odata.count']).toBe(matching.length);
      expect(p['Elements@odata.nextLink']).toBeUndefined();
    }
    expect(res.body['@odata.context']).toMatch(/#Projects\(Elements\(Id,Name,Height\)\)$/);
  });

  it('pages a nested collection in the nested order, and a nested $top larger than the page', async () => {
    const s = seeded.get(ids.a)!;
    const byHeight = [...s.elements].sort((x, y) => (y.Height as number) - (x.Height as number));
    const ordered = await feed(
      `Projects('${ids.a}')?$expand=Elements(${enc('$orderby=Height desc;$select=Height')})`,
      owner.token,
    ).expect(200);
    const first = ordered.body.Elements as Json[];
    const rest = await all(ordered.body['Elements@odata.nextLink'], owner.token);
    expect([...first, ...rest].map((e) => e.Height)).toEqual(byHeight.map((e) => e.Height));
    for (const e of rest) expect(Object.keys(e).sort()).toEqual(['Height', 'Id']);

    const topped = await feed(`Projects('${ids.a}')?$expand=Elements(${enc('$top=7')})`, owner.token).expect(
      200,
    );
    expect(topped.body.Elements).toHaveLength(PAGE);
    const link = topped.body['Elements@odata.nextLink'] as string;
    expect(link).toContain(`$top=${7 - PAGE}`);
    const more = await all(link, owner.token);
    expect(more).toHaveLength(7 - PAGE);
    const reference = await all(`/api/ifc/odata/IFCElements?${byProject(ids.a)}`, owner.token);
    expect([...(topped.body.Elements as Entity[]), ...more]).toEqual(reference.slice(0, 7));
  });

  it('expands the single-valued Project (object), nested and by key', async () => {
    const res = await feed(
      `IFCElements?${byProject(ids.b)}&$select=Name&$expand=Project(${enc('$select=Name')})`,
      owner.token,
    ).expect(200);
    expect(res.body.value).toHaveLength(3);
    for (const e of res.body.value as Json[]) {
      expect(Object.keys(e).sort()).toEqual(['Id', 'Name', 'Project']);
      expect(e.Project).toEqual({ ProjectId: ids.b, Name: 'Beta' });
    }
    const nested = await feed(
      `Projects?$expand=Elements(${enc('$top=2;$expand=Project($select=Name)')})`,
      owner.token,
    ).expect(200);
    for (const p of nested.body.value as Json[]) {
      const elements = p.Elements as Json[];
      expect(elements).toHaveLength(2);
      for (const e of elements) expect(e.Project).toEqual({ ProjectId: p.ProjectId, Name: p.Name });
    }
    expect(nested.body['@odata.context']).toMatch(/#Projects\(Elements\(Project\(ProjectId,Name\)\)\)$/);

    const element = (await all(`/api/ifc/odata/IFCElements?${byProject(ids.a)}`, owner.token))[3]!;
    const one = await feed(`IFCElements('${enc(element.Id)}')?$expand=Project`, owner.token).expect(200);
    expect(one.body).toMatchObject({ Id: element.Id, GlobalId: element.GlobalId });
    expect(one.body.Project).toMatchObject({ ProjectId: ids.a, Name: 'Alpha', ElementCount: 12 });
    expect(one.body['@odata.context']).toMatch(/#IFCElements\(Project\(\)\)\/\$entity$/);
    const project = await feed(
      `Projects('${ids.b}')?$expand=SpatialStructure,Elements(${enc('$count=true;$top=1')})`,
      owner.token,
    ).expect(200);
    expect(project.body.SpatialStructure).toHaveLength(2);
    expect(project.body.Elements).toHaveLength(1);
    expect(project.body['Elements@odata.count']).toBe(3);
  });

  it('expands * and writes nested rows with full metadata', async () => {
    const star = await feed(`Projects('${ids.b}')?$expand=*`, owner.token).expect(200);
    expect(star.body.Elements).toHaveLength(3);
    expect(star.body.Properties).toHaveLength(3);
    expect(star.body.SpatialStructure).toHaveLength(2);
    const full = await feed(`IFCElements?${byProject(ids.b)}&$top=1&$expand=Project`, owner.token)
      .set('Accept', 'application/json;odata.metadata=full')
      .expect(200);
    const row = full.body.value[0] as Json & { Project: Json };
    expect(row['@odata.id']).toMatch(/\/IFCElements\('.+'\)$/);
    expect(row.Project['@odata.id']).toMatch(new RegExp(`/Projects\\('${ids.b}'\\)$`));
    expect(row.Project['@odata.type']).toBe('#AEC.IFC.Project');
    expect(row.Project['CreatedAt@odata.type']).toBe('#DateTimeOffset');
    const none = await feed(`IFCElements?${byProject(ids.b)}&$top=1&$expand=Project`, owner.token)
      .set('Accept', 'application/json;odata.metadata=none')
      .expect(200);
    expect(none.body['@odata.context']).toBeUndefined();
    expect((none.body.value[0] as Json & { Project: Json }).Project.ProjectId).toBe(ids.b);
  });

  it('keeps top-level paging working with $expand', async () => {
    let url: string | undefined = `/api/ifc/odata/Projects?$expand=Elements(${enc('$top=1')})`;
    const seen: string[] = [];
    while (url) {
      const res: request.Response = await request(runtime.app)
        .get(local(url))
        .set(bearer(owner.token))
        .set('Prefer', 'odata.maxpagesize=2')
        .expect(200);
      expect(res.body.value.length).toBeLessThanOrEqual(2);
      for (const p of res.body.value as Json[]) {
        seen.push(p.ProjectId as string);
        expect((p.Elements as Entity[]).map((e) => e.ProjectId)).toEqual([p.ProjectId]);
      }
      url = res.body['@odata.nextLink'];
    }
    expect(seen).toEqual([ids.a, ids.b, ids.pub].sort());
  });

  it('never shows rows of an unpublished version', async () => {
    const res = await feed(
      `Projects('${ids.a}')?$expand=Elements(${enc('$count=true;$top=50')}),Properties(${enc('$count=true')})`,
      owner.token,
    ).expect(200);
    const s = seeded.get(ids.a)!;
    expect(res.body['Elements@odata.count']).toBe(s.elements.length);
    expect(res.body['Properties@odata.count']).toBe(s.properties);
    const drafts = new Set(unpublished.map((e) => e.GlobalId));
    const first = res.body.Elements as Entity[];
    const rest = await all(res.body['Elements@odata.nextLink'], owner.token);
    expect([...first, ...rest].map((e) => e.GlobalId).sort()).toEqual(
      s.elements.map((e) => e.GlobalId).sort(),
    );
    expect([...first, ...rest].some((e) => drafts.has(e.GlobalId as string))).toBe(false);
    const filtered = await feed(
      `Projects('${ids.a}')?$expand=Elements(${enc('$filter=ExpressId ge 100;$count=true')})`,
      owner.token,
    ).expect(200);
    expect(filtered.body.Elements).toEqual([]);
    expect(filtered.body['Elements@odata.count']).toBe(0);
  });

  it('shows another user only their own and public projects through $expand', async () => {
    const res = await feed('Projects?$expand=Elements($count=true),Properties', other.token).expect(200);
    const projects = res.body.value as Json[];
    expect(projects.map((p) => p.ProjectId).sort()).toEqual([ids.c, ids.pub].sort());
    for (const p of projects) {
      expect((p.Elements as Entity[]).every((e) => e.ProjectId === p.ProjectId)).toBe(true);
      expect(p['Elements@odata.count']).toBe(seeded.get(p.ProjectId as string)!.elements.length);
    }
    expect(res.text).not.toContain(ids.a);
    expect(res.text).not.toContain(ids.b);
    const elements = await all('/api/ifc/odata/IFCElements?$expand=Project($select=Name)', other.token);
    expect(elements).toHaveLength(seeded.get(ids.c)!.elements.length + seeded.get(ids.pub)!.elements.length);
    for (const e of elements) expect([ids.c, ids.pub]).toContain((e.Project as Json).ProjectId);
    const ownerElement = (await all(`/api/ifc/odata/IFCElements?${byProject(ids.a)}`, owner.token))[0]!;
    await feed(`IFCElements('${enc(ownerElement.Id)}')?$expand=Project`, other.token).expect(404);
    await feed(`Projects('${ids.a}')?$expand=Elements`, other.token).expect(404);
    const filtered = await feed(
      `Projects?$expand=Elements(${enc(`$filter=ProjectId eq '${ids.a}'`)})`,
      other.token,
    ).expect(200);
    for (const p of filtered.body.value as Json[]) expect(p.Elements).toEqual([]);
  });

  it('serves the public project anonymously only where the feed already does', async () => {
    const res = await feed(`IFCElements?${byProject(ids.pub)}&$expand=Project`).expect(200);
    expect(res.body.value).toHaveLength(PAGE);
    for (const e of res.body.value as Json[]) expect((e.Project as Json).ProjectId).toBe(ids.pub);
    const scoped = await feed(`projects/${ids.pub}/Projects?$expand=Elements`).expect(200);
    expect(scoped.body.value.map((p: Json) => p.ProjectId)).toEqual([ids.pub]);
    const rest = await all(scoped.body.value[0]['Elements@odata.nextLink']);
    expect([...scoped.body.value[0].Elements, ...rest].map((e: Json) => e.GlobalId).sort()).toEqual(
      seeded
        .get(ids.pub)!
        .elements.map((e) => e.GlobalId)
        .sort(),
    );
    await feed('Projects?$expand=Elements').expect(401);
    await feed(`IFCElements?${byProject(ids.a)}&$expand=Project`).expect(401);
    await feed(`projects/${ids.a}/Projects?$expand=Elements`).expect(401);
  });

  it('pages a nested order on an expression (SQLite; the document store sorts by properties only)', async () => {
    const url = `Projects('${ids.a}')?$expand=Elements(${enc('$orderby=length(Name) desc,Height;$select=Name,Height;$top=9')})`;
    if (target.name === 'mongodb') {
      await feed(url, owner.token).expect(501);
      return;
    }
    const res = await feed(url, owner.token).expect(200);
    const rest = await all(res.body['Elements@odata.nextLink'], owner.token);
    const want = [...seeded.get(ids.a)!.elements]
      .sort((x, y) => y.Name!.length - x.Name!.length || (x.Height as number) - (y.Height as number))
      .slice(0, 9);
    expect([...(res.body.Elements as Json[]), ...rest].map((e) => e.Name)).toEqual(want.map((e) => e.Name));
    for (const e of [...(res.body.Elements as Json[]), ...rest])
      expect(Object.keys(e).sort()).toEqual(['Height', 'Id', 'Name']);
  });

  it('writes an empty collection for a nested $top=0, with the count', async () => {
    const res = await feed(`Projects?$expand=Elements(${enc('$top=0;$count=true')})`, owner.token).expect(
      200,
    );
    for (const p of res.body.value as Json[]) {
      expect(p.Elements).toEqual([]);
      expect(p['Elements@odata.nextLink']).toBeUndefined();
      expect(p['Elements@odata.count']).toBe(seeded.get(p.ProjectId as string)!.elements.length);
    }
  });

  it('answers 400 for a navigation expanded twice at one level (a JSON object holds each member once)', async () => {
    for (const [path, target] of [
      [
        'Projects?$select=Name&$expand=Elements($top=1;$select=Name),Elements($top=1;$select=IfcType)',
        'Elements',
      ],
      [`Projects('${ids.b}')?$expand=Elements,Elements`, 'Elements'],
      [`IFCElements?${byProject(ids.b)}&$expand=Project($expand=Elements($top=1),Elements)`, 'Elements'],
      ['Projects?$expand=*,*', '$expand'],
    ]) {
      const res = await feed(path!, owner.token);
      expect([path, res.status, res.headers['odata-version']]).toEqual([path, 400, '4.0']);
      expect(res.body.error).toEqual({
        code: 'ValidationError',
        message: expect.stringMatching(/is (expanded|given) twice/),
        target,
      });
    }
    const res = await feed('Projects?$expand=Elements,Elements', owner.token).expect(400);
    expect(res.body.error.message).toBe(
      "'Elements' is expanded twice: a navigation property can be expanded only once per level; give all its " +
        'options in one item, e.g. Elements($select=…;$top=…)',
    );
  });

  it('expands * with a named navigation once: the named one, with its options, in place of the one * brings', async () => {
    const res = await feed(
      `Projects('${ids.b}')?$expand=*,Elements(${enc('$top=1;$select=Name')})`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.text.match(/"Elements":/g)).toHaveLength(1);
    expect(res.body.Elements).toEqual([{ Id: expect.any(String), Name: expect.any(String) }]);
    expect(res.body.Properties).toHaveLength(3);
    expect(res.body.SpatialStructure).toHaveLength(2);
    expect(res.body['@odata.context'].match(/Elements\(/g)).toHaveLength(1);
  });

  it('answers 400 for an unknown navigation and 501 for $levels and $search', async () => {
    expect((await feed('Projects?$expand=Nope', owner.token).expect(400)).body.error.target).toBe('Nope');
    await feed('IFCElements?$expand=Name', owner.token).expect(400);
    await feed(`Projects?$expand=Elements(${enc('$levels=2')})`, owner.token).expect(501);
    await feed(`Projects?$expand=Elements(${enc('$search=x')})`, owner.token).expect(501);
    await feed('Projects?$expand=Elements/$ref', owner.token).expect(501);
  });
});
