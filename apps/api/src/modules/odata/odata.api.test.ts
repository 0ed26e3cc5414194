import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow } from '../../test/row-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 3, bays: 4, seed: 5 });
const total = fixture.counts.totalProducts;

describeEachStore('OData feed: service, queries, paging and access', (target) => {
  let store: Store;
  let h: IfcHarness;
  let owner: { token: string; account: { username: string } };
  let other: { token: string };
  let projectId: string;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const basic = (user: string, secret: string) => ({
    Authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`,
  });
  const byProject = () => `$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`;
  const feed = (path: string) => request(h.app).get(`/api/ifc/odata/${path}`);

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target, { ODATA_PAGE_SIZE: '100' }));
    owner = await h.login('feedowner');
    other = await h.login('feedother');
    projectId = (await upload(h, owner.token, fixture.text, 'feed.ifc').expect(200)).body.projectId;
    await request(h.app).post('/api/ifc/odata/create-demo').expect(200);
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('serves the service document and CSDL $metadata (XML even when JSON is asked) with OData-Version 4.0', async () => {
    const service = await feed('').set(bearer(owner.token)).expect(200);
    expect(service.headers['odata-version']).toBe('4.0');
    expect(service.body.value.map((s: { name: string }) => s.name)).toEqual([
      'Projects',
      'IFCElements',
      'IFCProperties',
      'IFCSpatialStructure',
      'Models',
      'Versions',
      'IFCChanges',
      'IFCPropertyChanges',
    ]);
    const metadata = await feed('$metadata')
      .set(bearer(owner.token))
      .set('Accept', 'application/json')
      .expect(200);
    expect(metadata.headers['content-type']).toMatch(/application\/xml/);
    expect(metadata.text).toContain('<EntityType Name="IFCElement">');
    expect(metadata.text).toContain('<PropertyRef Name="Id"/>');
    expect(metadata.text).toContain('<EntitySet Name="IFCElements" EntityType="AEC.IFC.IFCElement">');
    // Living models (issue 15): each row says which model version it comes from; elements when they changed.
    expect(metadata.text).toMatch(
      /<EntityType Name="IFCElement">[\s\S]*?"Id"[\s\S]*?"ProjectId"[\s\S]*?"ModelId"[\s\S]*?"ModelName"[\s\S]*?"VersionNumber"[\s\S]*?"ChangedAt" Type="Edm.DateTimeOffset" Nullable="false"[\s\S]*?"GlobalId"/,
    );
    expect(metadata.text).toMatch(
      /<EntityType Name="IFCSpatialElement">\s*<Key>\s*<PropertyRef Name="ProjectId"\/>\s*<PropertyRef Name="ModelId"\/>\s*<PropertyRef Name="ExpressId"\/>/,
    );
    expect(metadata.text).toContain('<EntitySet Name="Versions" EntityType="AEC.IFC.Version">');
  });

  it('counts exactly what was extracted, for the owner', async () => {
    expect((await feed(`IFCElements/$count?${byProject()}`).set(bearer(owner.token)).expect(200)).text).toBe(
      String(total),
    );
    const walls = `$filter=${encodeURIComponent(`ProjectId eq '${projectId}' and IfcType eq 'IfcWall'`)}`;
    expect(Number((await feed(`IFCElements/$count?${walls}`).set(bearer(owner.token))).text)).toBe(
      fixture.counts.productsByType.IfcWall,
    );
    const inline = await feed(`IFCElements?${byProject()}&$count=true&$top=1`)
      .set(bearer(owner.token))
      .expect(200);
    expect(inline.body['@odata.count']).toBe(total);
    expect(inline.body.value).toHaveLength(1);
  });

  it('never shows a private project to anyone else', async () => {
    const anonymous = await feed(`IFCElements?${byProject()}`).expect(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm="/);
    await feed(`IFCElements/$count?${byProject()}`).expect(401);
    await feed('IFCElements').expect(401);
    await feed(`IFCElements('${projectId}:1')`).expect(401);
    await feed(`projects/${projectId}/IFCElements`).expect(401);
    await feed(`IFCElements/$count?${byProject()}`).set(bearer(other.token)).expect(404);
    // Their own root holds only their own projects (none): not the owner's, not the public demo.
    expect((await feed('IFCElements/$count').set(bearer(other.token)).expect(200)).text).toBe('0');
    await feed(`projects/${projectId}/IFCElements`).set(bearer(other.token)).expect(404);
    await feed('IFCElements').set({ Authorization: 'Bearer forged.token.here' }).expect(401);
  });

  it('serves the public demo project to anonymous callers who name it', async () => {
    const f = `$filter=${encodeURIComponent("ProjectId eq 'demo_project_permanent'")}`;
    const res = await feed(`IFCElements?${f}&$top=2`).expect(200);
    expect(res.body.value).toHaveLength(2);
    expect(res.body.value[0].ProjectId).toBe('demo_project_permanent');
    await feed('projects/demo_project_permanent/IFCElements/$count').expect(200);
  });

  it('pages with nextLink and skip tokens: every row exactly once, in key order', async () => {
    let url: string | undefined = `/api/ifc/odata/IFCElements?${byProject()}&$select=Id,IfcType`;
    const ids: string[] = [];
    let pages = 0;
    while (url) {
      const res: request.Response = await request(h.app)
        .get(url.replace(/^https?:\/\/[^/]+/, ''))
        .set(bearer(owner.token))
        .set('Prefer', 'odata.maxpagesize=40')
        .expect(200);
      expect(res.headers['preference-applied']).toBe('odata.maxpagesize=40');
      ids.push(...res.body.value.map((r: { Id: string }) => r.Id));
      url = res.body['@odata.nextLink'];
      pages++;
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort());
    expect(pages).toBe(Math.ceil(total / 40));
  });

  it('applies $select, $orderby, $top and $skip in the store', async () => {
    const q = `${byProject()}&$select=Name,Height&$orderby=${encodeURIComponent('Height desc,Name')}&$top=3&$skip=1`;
    const res = await feed(`IFCElements?${q}`).set(bearer(owner.token)).expect(200);
    expect(res.body.value).toHaveLength(3);
    expect(Object.keys(res.body.value[0]).sort()).toEqual(['Height', 'Id', 'Name']);
    const heights = res.body.value.map((r: { Height: number | null }) => r.Height);
    expect(heights).toEqual([...heights].sort((a: number, b: number) => b - a));
  });

  it('reads one entity by key, and answers 404 for a missing one', async () => {
    const first = (await feed(`IFCElements?${byProject()}&$top=1`).set(bearer(owner.token))).body.value[0];
    const one = await feed(`IFCElements('${encodeURIComponent(first.Id)}')`)
      .set(bearer(owner.token))
      .expect(200);
    expect(one.body).toMatchObject({ Id: first.Id, GlobalId: first.GlobalId });
    expect(one.body['@odata.context']).toMatch(/\$metadata#IFCElements\/\$entity$/);
    await feed(`IFCElements('${projectId}:999999999')`).set(bearer(owner.token)).expect(404);
  });

  it('answers 400 for invalid queries, 501 for unsupported ones, 400 for a forged skip token', async () => {
    expect(
      (await feed('IFCElements?$filter=Bogus eq 1').set(bearer(owner.token)).expect(400)).body.error.code,
    ).toBe('ValidationError');
    expect(
      (await feed('IFCElements?$filter=Name eq').set(bearer(owner.token)).expect(400)).body.error,
    ).toBeDefined();
    await feed('IFCElements?$expand=Project($levels=2)').set(bearer(owner.token)).expect(501);
    // A path below a primitive property names nothing: the client's mistake, not an unsupported feature.
    expect(
      (await feed('IFCElements?$select=Name/x').set(bearer(owner.token)).expect(400)).body.error,
    ).toMatchObject({
      code: 'ValidationError',
      message: "'Name' is a primitive property: $select cannot name 'Name/x'",
    });
    await feed('IFCElements?$select=Project/Name').set(bearer(owner.token)).expect(501);
    await feed('IFCElements?$skiptoken=abc').set(bearer(owner.token)).expect(400);
    await feed('Nowhere').set(bearer(owner.token)).expect(404);
  });

  it('serves a page read ahead only to the caller who paged there, exactly as a fresh read', async () => {
    // The per-version preparation (after the wide set's build starts) makes SQLite pages eligible for read-ahead.
    const root = `/api/ifc/odata/projects/${projectId}/`;
    for (
      let tries = 0;
      (await request(h.app).get(`${root}IFCElementsWide/$count`).set(bearer(owner.token))).status !== 200;
      tries++
    ) {
      if (tries > 200) throw new Error('the project was not prepared within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const first = await request(h.app)
      .get(`${root}IFCElements`)
      .set(bearer(owner.token))
      .set('Prefer', 'odata.maxpagesize=15')
      .expect(200);
    const next = (first.body['@odata.nextLink'] as string).replace(/^https?:\/\/[^/]+/, '');
    await new Promise((r) => setImmediate(r));

    const prefer = { Prefer: 'odata.maxpagesize=15' };
    const stranger = await request(h.app).get(next).set(bearer(other.token)).set(prefer);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(first.body.value[0].GlobalId);

    const ahead = await request(h.app).get(next).set(bearer(owner.token)).set(prefer).expect(200);
    const fresh = await request(h.app)
      .get(next)
      .set(bearer(owner.token))
      .set(prefer)
      .set('Accept', 'application/json;odata.metadata=full')
      .expect(200);
    const withoutAnnotations = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.includes('@'))));
    expect(ahead.body.value).toHaveLength(15);
    expect(ahead.body.value).toEqual(withoutAnnotations(fresh.body.value));
    const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');
    expect(path(ahead.body['@odata.nextLink'])).toBe(path(fresh.body['@odata.nextLink']));
  });

  it('keeps a link from before the model was re-processed on its version until that version is removed (then 410)', async () => {
    const first = await feed(`IFCElements?${byProject()}`)
      .set(bearer(owner.token))
      .set('Prefer', 'odata.maxpagesize=10')
      .expect(200);
    const next = first.body['@odata.nextLink'] as string;
    const version = await store.projects.nextVersion(projectId);
    await store.rows.insertBatch(projectId, version, { elements: [elementRow(1)] });
    await store.projects.publish(projectId, version, {
      schema: 'IFC4',
      elementCount: 1,
      propertyCount: 0,
      spatialCount: 0,
      countsByType: { IfcWall: 1 },
      countsByStorey: {},
    });
    const later = () =>
      request(h.app)
        .get(next.replace(/^https?:\/\/[^/]+/, ''))
        .set(bearer(owner.token))
        .set('Prefer', 'odata.maxpagesize=10');
    const kept = await later().expect(200);
    expect(kept.body.value).toHaveLength(10);
    expect(kept.body.value.map((r: { Id: string }) => r.Id)).not.toContain(first.body.value[0].Id);
    const [previous] = (await store.models.listVersions(projectId)).filter((v) => v.version !== version);
    await store.models.deleteVersion(projectId, previous!.modelId, previous!.number);
    const gone = await later().expect(410);
    expect(gone.body.error.code).toBe('Gone');
    expect(gone.body.error.message).toMatch(/refresh/);
    expect((await feed(`IFCElements/$count?${byProject()}`).set(bearer(owner.token))).text).toBe('1');
  });

  it('lets BI tools in with username + feed token (HTTP Basic) until the token is revoked', async () => {
    const created = await request(h.app)
      .post('/api/feed-tokens')
      .set(bearer(owner.token))
      .send({ name: 'Tableau' })
      .expect(201);
    expect(created.body.token).toMatch(/^aecft_/);
    const listed = await request(h.app).get('/api/feed-tokens').set(bearer(owner.token)).expect(200);
    expect(listed.body.tokens[0]).toEqual({
      id: created.body.id,
      name: 'Tableau',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
    // one name per token (any letter case, any Unicode composition): the list is where they are told apart
    for (const name of ['tableau', ' TABLEAU ']) {
      const again = await request(h.app)
        .post('/api/feed-tokens')
        .set(bearer(owner.token))
        .send({ name })
        .expect(409);
      expect(again.body).toMatchObject({
        code: 'FEED_TOKEN_NAME_TAKEN',
        error:
          'You already have a feed token named "Tableau"; give this one another name so the two can be told apart.',
      });
    }
    const cafe = await request(h.app)
      .post('/api/feed-tokens')
      .set(bearer(owner.token))
      .send({ name: 'Caf\u00e9' });
    expect(cafe.status).toBe(201);
    await request(h.app)
      .post('/api/feed-tokens')
      .set(bearer(owner.token))
      .send({ name: 'Cafe\u0301' })
      .expect(409);
    await request(h.app)
      .post('/api/feed-tokens')
      .set(bearer(other.token))
      .send({ name: 'Tableau' })
      .expect(201);
    await request(h.app).delete(`/api/feed-tokens/${cafe.body.id}`).set(bearer(owner.token)).expect(200);
    await feed(`IFCElements/$count?${byProject()}`)
      .set(basic(owner.account.username, created.body.token))
      .expect(200);
    await feed(`IFCElements/$count?${byProject()}`)
      .set(basic('someone_else', created.body.token))
      .expect(401);
    await feed(`IFCElements/$count?${byProject()}`)
      .set(basic(owner.account.username, 'aecft_wrong'))
      .expect(401);
    await request(h.app).delete(`/api/feed-tokens/${created.body.id}`).set(bearer(other.token)).expect(404);
    await request(h.app).delete(`/api/feed-tokens/${created.body.id}`).set(bearer(owner.token)).expect(200);
    const revoked = await feed(`IFCElements/$count?${byProject()}`)
      .set(basic(owner.account.username, created.body.token))
      .expect(401);
    expect(revoked.headers['www-authenticate']).toMatch(/Basic/);
  });
});

describeEachStore('POST /api/newsletter', (target) => {
  let store: Store;
  let h: IfcHarness;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('subscribes once, case-insensitively, and rejects an invalid address', async () => {
    const email = `Reader_${Date.now()}@Example.com`;
    expect((await request(h.app).post('/api/newsletter').send({ email }).expect(201)).body).toEqual({
      message: 'Subscribed',
    });
    expect(
      (await request(h.app).post('/api/newsletter').send({ email: email.toLowerCase() }).expect(200)).body,
    ).toEqual({
      message: 'Already subscribed',
    });
    const bad = await request(h.app).post('/api/newsletter').send({ email: 'not-an-email' }).expect(400);
    expect(bad.body.error).toBe('Email must be a valid email address');
  });
});
