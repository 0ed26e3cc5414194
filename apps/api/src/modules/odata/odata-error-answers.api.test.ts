import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { encodeSkipToken } from '@aec/odata';
import { describeEachStore, storeTargets } from '../../test/store-fixtures';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin, TEST_SECRET } from '../../test/test-app';
import type { ElementRow, PropertyRow, Store } from '../../store/types';

const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;

/** An OData error answer: the OData JSON error body and OData-Version, whatever refused the request. */
function expectODataError(res: request.Response, status: number, code: string, message: RegExp | string) {
  expect([res.status, res.headers['odata-version'], res.headers['content-type']]).toEqual([
    status,
    '4.0',
    expect.stringMatching(/^application\/json/),
  ]);
  expect(res.body).toEqual({
    error: expect.objectContaining({
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    }),
  });
}

// Methods, bodies and paths are refused before any store is read: one store is enough.
describe('OData feed: every error answer is an OData one (methods, $batch, bodies)', () => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  let projectId: string;
  const api = () => request(runtime.app);

  beforeAll(async () => {
    store = await sqlite.open();
    runtime = buildTestRuntime(store);
    const owner = await registerAndLogin(runtime.app, 'errshape');
    token = owner.token;
    projectId = `p_${randomUUID()}`;
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await sqlite.dispose(store);
  });

  it.each([
    ['post', '/api/ifc/odata/IFCElements'],
    ['put', "/api/ifc/odata/IFCElements('x')"],
    ['patch', "/api/ifc/odata/Projects('x')"],
    ['delete', '/api/ifc/odata/IFCElements'],
    ['post', '/api/ifc/odata/'],
    ['post', '/api/ifc/odata/$metadata'],
    ['post', '/api/ifc/odata/projects/{p}/IFCElements'],
    ['delete', '/api/ifc/odata/projects/{p}/'],
  ] as const)('%s %s: 405 with Allow, in the OData error form', async (method, template) => {
    const path = template.replace('{p}', projectId);
    const res = await api()[method](path).set('Authorization', `Bearer ${token}`);
    expectODataError(
      res,
      405,
      'METHOD_NOT_ALLOWED',
      `${method.toUpperCase()} is not allowed on ${path}; it answers GET, HEAD`,
    );
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('$batch answers 404 for any method and content type, as the README says, and so does a path not served', async () => {
    const root = [`/api/ifc/odata/`, `/api/ifc/odata/projects/${projectId}/`];
    const bodies: [string, string | object | undefined][] = [
      [
        'multipart/mixed; boundary=batch_1',
        '--batch_1\r\nContent-Type: application/http\r\n\r\nGET IFCElements HTTP/1.1\r\n\r\n--batch_1--\r\n',
      ],
      ['application/json', { requests: [{ id: '1', method: 'GET', url: 'IFCElements' }] }],
      ['text/plain', 'x'],
      ['', undefined],
    ];
    for (const base of root) {
      for (const [type, body] of bodies) {
        for (const method of ['post', 'put', 'get'] as const) {
          let req = api()[method](`${base}$batch`).set('Authorization', `Bearer ${token}`);
          if (type) req = req.set('Content-Type', type);
          const res = await (body === undefined ? req : req.send(body as string));
          expectODataError(res, 404, 'NotFound', /^No resource at '\$batch'/);
        }
      }
      const other = await api().post(`${base}foo/bar`).set('Content-Type', 'text/plain').send('x');
      expectODataError(other, 404, 'NotFound', /^No resource at 'foo\/bar'/);
      const malformed = await api().delete(`${base}a%20b`);
      expectODataError(malformed, 400, 'SyntaxError', /Malformed resource path/);
    }
  });

  it('reads no request body: one of any type is no reason to refuse, and a malformed JSON one is refused the OData way', async () => {
    const text = await api()
      .get('/api/ifc/odata/IFCElements')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'text/plain')
      .send('x')
      .expect(200);
    expect(text.body.value).toEqual([]);
    const malformed = await api()
      .post('/api/ifc/odata/IFCElements')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expectODataError(malformed, 400, 'MALFORMED_JSON', 'Malformed JSON body');
  });

  it('keeps the REST error form on the REST routes, the upload and the demo under /api/ifc/odata included', async () => {
    const rest = (res: request.Response, status: number, code: string) => {
      expect([res.status, res.headers['odata-version']]).toEqual([status, undefined]);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
    };
    rest(
      await api()
        .post('/api/ifc/odata/upload')
        .set('Authorization', `Bearer ${token}`)
        .set('Content-Type', 'text/plain')
        .send('x'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    rest(await api().post('/api/ifc/odata/upload'), 401, 'NO_TOKEN');
    const deleteUpload = await api().delete('/api/ifc/odata/upload');
    rest(deleteUpload, 405, 'METHOD_NOT_ALLOWED');
    expect(deleteUpload.headers.allow).toBe('GET, HEAD, POST');
    rest(await api().put('/api/ifc/odata/create-demo'), 405, 'METHOD_NOT_ALLOWED');
    rest(
      await api().post('/api/ifc/projects').set('Content-Type', 'text/plain').send('x'),
      405,
      'METHOD_NOT_ALLOWED',
    );
    rest(await api().post('/api/nope').set('Content-Type', 'text/plain').send('x'), 404, 'ROUTE_NOT_FOUND');
    rest(await api().post('/api/ifc/odatax/IFCElements'), 404, 'ROUTE_NOT_FOUND');
    rest(
      await api().post('/mongo/auth/register').set('Content-Type', 'text/plain').send('{}'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('OData feed: small error texts say what is wrong', () => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  const feed = (path: string) =>
    request(runtime.app).get(`/api/ifc/odata/${path}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    store = await sqlite.open();
    runtime = buildTestRuntime(store);
    token = (await registerAndLogin(runtime.app, 'errtext')).token;
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await sqlite.dispose(store);
  });

  it('a DateTimeOffset without a zone offset (or a ±hhmm one) needs Z or ±hh:mm', async () => {
    for (const [literal, example] of [
      ['2026-11-30T02:43:07.819', '2026-11-30T02:43:07.819Z'],
      ['2026-11-30T02:43:07.819+0100', '2026-11-30T02:43:07.819+01:00'],
    ]) {
      const res = await feed(`IFCChanges?$filter=${encodeURIComponent(`ChangedAt ge ${literal}`)}`);
      expectODataError(
        res,
        400,
        'SyntaxError',
        `DateTimeOffset literal '${literal}' needs a time zone offset, Z or ±hh:mm, as in ${example} (at position 13)`,
      );
    }
    await feed(`IFCChanges?$filter=${encodeURIComponent('ChangedAt ge 2026-11-30T02:43:07.819Z')}`).expect(
      200,
    );
  });

  it('a query option that cannot be percent-decoded says whether the escape or its bytes are wrong', async () => {
    // a Latin-1 client sends é as %E9: a well-formed escape, but not UTF-8
    const latin1 = await feed("IFCElements?$filter=Name%20eq%20'Caf%E9'");
    expectODataError(
      latin1,
      400,
      'SyntaxError',
      "Invalid percent-encoding: the bytes '%E9' at offset 18 are not UTF-8 text",
    );
    expect(latin1.body.error.target).toBe('$filter');
    expectODataError(
      await feed('IFCElements?$top=1%'),
      400,
      'SyntaxError',
      "Invalid percent-encoding: '%' at offset 1 is not '%' followed by two hex digits",
    );
    await feed("IFCElements?$filter=Name%20eq%20'Caf%C3%A9'").expect(200);
  });

  it('an empty $format is a 400, on collections, /$count and the service document', async () => {
    for (const path of ['IFCElements?$format=', 'IFCElements/$count?$format=', '?$format=']) {
      expectODataError(await feed(path), 400, 'SyntaxError', '$format must not be empty');
    }
  });

  it('an unquoted key of a string key property says to quote it', async () => {
    expectODataError(
      await feed('IFCElements(1)'),
      400,
      'ValidationError',
      "The key property Id is a string: quote its value, e.g. IFCElements('1')",
    );
    expectODataError(
      await feed('Versions(ModelId=7,VersionNumber=1)'),
      400,
      'ValidationError',
      "The key property ModelId is a string: quote its value, e.g. ModelId='7'",
    );
    expectODataError(
      await feed("Versions(ModelId='m',VersionNumber='1')"),
      400,
      'ValidationError',
      'The key property VersionNumber is a number: write its value without quotes, e.g. VersionNumber=1',
    );
    expectODataError(await feed("IFCElements('nope')"), 404, 'NotFound', 'No entity with that key');
  });

  it('a type-cast segment is a path the feed does not serve: 404, as the README says of such segments', async () => {
    for (const path of [
      'IFCElements/AEC.IFC.IFCElement',
      'IFCElements/AEC.IFC.IFCElement/$count',
      "IFCElements('x')/AEC.IFC.IFCElement",
    ]) {
      expectODataError(await feed(path), 404, 'NotFound', /^No resource at 'IFCElements/);
    }
    expectODataError(await feed('AEC.IFC.Nope'), 404, 'NotFound', "Unknown entity set 'AEC.IFC.Nope'");
    expectODataError(await feed('IFCElements/AEC..X'), 400, 'SyntaxError', /Malformed resource path/);
  });
});

describeEachStore('OData feed: a $skiptoken continues only the entity set it came from', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let owner: { token: string; user: { id: string } };
  let projectId: string;
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const tokenOf = (link: string) => decodeURIComponent(/[?&]\$skiptoken=([^&]*)/.exec(link)![1]!);
  const get = (path: string) =>
    request(runtime.app)
      .get(path.startsWith('/') ? path : `/api/ifc/odata/${path}`)
      .set('Authorization', `Bearer ${owner.token}`)
      .set('Prefer', 'odata.maxpagesize=1');

  async function version(elements: ElementRow[], properties: PropertyRow[]) {
    const v = await store.models.createVersion({
      projectId,
      modelId: projectId,
      fileName: 'm.ifc',
      fileSize: 1,
      uploaderId: owner.user.id,
      schema: 'IFC4',
    });
    const context = { modelId: projectId, modelName: 'M', versionNumber: v.number, changedAt: v.createdAt };
    await store.rows.insertBatch(projectId, v.version, { elements, properties }, context);
    await store.projects.publish(projectId, v.version, {
      schema: 'IFC4',
      elementCount: elements.length,
      propertyCount: properties.length,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    return v;
  }

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    owner = await registerAndLogin(runtime.app, 'tokenset');
    projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.user.id,
      isPublic: false,
      name: 'M',
      fileName: 'm.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'M' });
    const gids = ['a', 'b', 'c'];
    const v1 = await version(
      gids.map((g, i) => elementRow(i + 1, { GlobalId: g })),
      gids.map((g, i) => propertyRow(i + 1, { ElementGlobalId: g, Value: '1' })),
    );
    const v2 = await version(
      gids.map((g, i) => elementRow(i + 1, { GlobalId: g, Name: `${g}2` })),
      gids.map((g, i) => propertyRow(i + 1, { ElementGlobalId: g, Value: '2' })),
    );
    await store.rows.computeChanges(projectId, v2.version, v1.version);
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  it('refuses, with 400 naming both sets, a token used on another entity set; its own set still pages', async () => {
    const pairs: [string, string][] = [
      ['IFCChanges', 'IFCElements'],
      ['IFCElements', 'IFCProperties'],
      ['IFCProperties', 'IFCChanges'],
      ['IFCPropertyChanges', 'IFCPropertyChanges'],
      ['IFCElements', 'IFCElements'],
    ];
    for (const [from, to] of pairs) {
      for (const root of ['', `projects/${projectId}/`]) {
        const first = await get(`${root}${from}`).expect(200);
        const link = first.body['@odata.nextLink'] as string;
        expect([from, typeof link]).toEqual([from, 'string']);
        const token = tokenOf(link);
        if (from === to) {
          const second = await get(local(link)).expect(200);
          expect(second.body.value).toHaveLength(1);
          expect(second.body.value[0]).not.toEqual(first.body.value[0]);
          continue;
        }
        const res = await get(`${root}${to}?$skiptoken=${encodeURIComponent(token)}`);
        expectODataError(
          res,
          400,
          'InvalidSkipToken',
          `This skip token pages ${from}, not ${to}: a $skiptoken continues only the entity set whose ` +
            `@odata.nextLink carried it; request the first page of ${to} again`,
        );
        expect(res.body.error.target).toBe('$skiptoken');
        const count = await get(`${root}${to}/$count?$skiptoken=${encodeURIComponent(token)}`);
        expect([count.status, count.body.error?.code]).toEqual([400, 'InvalidSkipToken']);
      }
    }
  });

  it("binds an expansion's nested next link to the set it pages", async () => {
    const res = await get(`Projects?$expand=${encodeURIComponent('Elements($top=2)')}`).expect(200);
    const link = res.body.value[0]['Elements@odata.nextLink'] as string;
    expect(link).toContain('/IFCElements?');
    expect((await get(local(link)).expect(200)).body.value).toHaveLength(1);
    const misused = await get(`IFCProperties?$skiptoken=${encodeURIComponent(tokenOf(link))}`);
    expectODataError(
      misused,
      400,
      'InvalidSkipToken',
      /^This skip token pages IFCElements, not IFCProperties/,
    );
  });

  it('goes on with a token from before tokens named their set (a pull that spans the upgrade)', async () => {
    const link = (await get('IFCElements').expect(200)).body['@odata.nextLink'] as string;
    const [json, pin] = tokenOf(link).split('.');
    const { v, k } = JSON.parse(Buffer.from(json!, 'base64url').toString('utf8')) as {
      v: string;
      k: string[];
    };
    const old = encodeSkipToken({ v, k, ...(pin ? { p: pin } : {}) }, TEST_SECRET);
    const bound = await get(`IFCElements?$skiptoken=${encodeURIComponent(tokenOf(link))}`).expect(200);
    const unbound = await get(`IFCElements?$skiptoken=${encodeURIComponent(old)}`).expect(200);
    expect(unbound.body.value).toEqual(bound.body.value);
  });
});
