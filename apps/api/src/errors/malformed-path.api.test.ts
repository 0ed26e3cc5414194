import request from 'supertest';
import type { Express } from 'express';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import type { Store } from '../store/types';
import { buildTestApp, registerAndLogin } from '../test/test-app';

/** A lone `%` or `%zz` cannot be percent-decoded: the client sent a bad URL, so it is a 400, never a 500. */
describe('malformed percent-escapes in path parameters', () => {
  let store: Store;
  let app: Express;
  let token: string;
  beforeAll(async () => {
    store = await createSqliteStore({ file: ':memory:' });
    app = buildTestApp(store);
    token = (await registerAndLogin(app, 'escapes')).token;
  });
  afterAll(() => store.close());

  const restPaths: [string, string][] = [
    ['GET', '/api/ifc/projects/%'],
    ['GET', '/api/ifc/projects/%zz/connect.pbids'],
    ['GET', '/api/ifc/jobs/%zz/events'],
    ['GET', '/api/ifc/jobs/%E0%A4%A'],
    ['POST', '/api/ifc/jobs/%/cancel'],
    ['DELETE', '/api/ifc/projects/%C3%28'],
    ['DELETE', '/api/feed-tokens/%'],
  ];

  it.each(restPaths)('%s %s answers 400 with the REST error body', async (method, path) => {
    const verb = method.toLowerCase() as 'get' | 'post' | 'delete';
    const res = await request(app)[verb](path).set('Authorization', `Bearer ${token}`).expect(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/percent-encoding/i), code: 'MALFORMED_URL' });
  });

  it.each([
    '/api/ifc/odata/projects/%/$metadata',
    '/api/ifc/odata/projects/%zz/',
    '/api/ifc/odata/projects/%E0%A4%A/IFCElements',
    "/api/ifc/odata/IFCElements('%zz')",
    '/api/ifc/odata/%',
  ])('GET %s answers 400 with the OData error body', async (path) => {
    const res = await request(app).get(path).set('Authorization', `Bearer ${token}`).expect(400);
    expect(res.headers['odata-version']).toBe('4.0');
    expect(res.body).toEqual({
      error: { code: 'MALFORMED_URL', message: expect.stringMatching(/percent-encoding/i) },
    });
  });

  it('still decodes a valid escape once, not twice (a project id holding "%" is looked up as written)', async () => {
    // '%2525' is the text '%25': decoding it twice would look for '%' instead.
    const res = await request(app)
      .get('/api/ifc/odata/projects/a%2525b/')
      .set('Authorization', `Bearer ${token}`)
      .expect(404);
    expect(res.body.error.message).toContain("'a%25b'");
  });
});
