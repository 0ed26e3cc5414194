import request from 'supertest';
import { healthResponseSchema } from '@aec/contracts';
import { describeEachStore } from '../../test/store-fixtures';
import { buildTestApp } from '../../test/test-app';
import type { Store } from '../../store/types';

describeEachStore('health and platform', (target) => {
  let store: Store;
  let app: ReturnType<typeof buildTestApp>;
  beforeAll(async () => {
    store = await target.open();
    app = buildTestApp(store);
  });
  afterAll(() => target.dispose(store));

  it.each(['/health', '/mongo/health'])('%s reports process and database status', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { kind: target.name, status: 'up' } });
    expect(res.body.memory.rssMb).toBeGreaterThan(0);
  });

  it('sets helmet headers, a request id, and no x-powered-by', async () => {
    const res = await request(app).get('/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await request(app).get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  // With the web app built (when it is here) and without it: the page saying it is not built answers GET on every
  // path, which must not count as a method of /api paths.
  const apps = () => [app, buildTestApp(store, { WEB_DIST_DIR: '/nonexistent-web-dist' })];

  it('answers unknown API routes with a JSON 404', async () => {
    for (const each of apps()) {
      const res = await request(each).get('/api/nope').expect(404);
      expect(res.body).toEqual({ error: 'No route for GET /api/nope', code: 'ROUTE_NOT_FOUND' });
    }
  });

  it.each([
    ['get', '/mongo/auth/login', 'POST'],
    ['delete', '/api/ifc/projects', 'GET, HEAD'],
    // The OData feed's own paths answer in the OData error form (odata-error-answers.api.test.ts); the upload's is REST.
    ['delete', '/api/ifc/odata/upload', 'GET, HEAD, POST'],
    ['put', '/health', 'GET, HEAD'],
    ['patch', '/api/ifc/jobs/j1/cancel', 'POST'],
  ] as const)(
    'answers %s on %s, a path with other methods, with 405 and Allow: %s',
    async (method, path, allow) => {
      for (const each of apps()) {
        const res = await request(each)[method](path).expect(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.body).toEqual({
          error: `${method.toUpperCase()} is not allowed on ${path}; it answers ${allow}`,
          code: 'METHOD_NOT_ALLOWED',
        });
      }
    },
  );

  it('allows the configured CORS origin only', async () => {
    const ok = await request(app).get('/health').set('Origin', 'http://localhost:5173');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await request(app).get('/health').set('Origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health per instance role (issue 16)', () => {
  let store: Store;
  beforeAll(async () => {
    const { createSqliteStore } = await import('../../store/sqlite/sqlite-store');
    store = createSqliteStore({ file: ':memory:' });
  });
  afterAll(() => store.close());

  it('names the role and instance id, and the jobs an all-in-one instance holds', async () => {
    const app = buildTestApp(store, { INSTANCE_ID: 'bureau-ü-1' });
    const res = await request(app).get('/health').expect(200);
    expect(healthResponseSchema.parse(res.body)).toMatchObject({
      role: 'all',
      instanceId: 'bureau-ü-1',
      jobs: [],
    });
  });

  it('a worker answers /health and /mongo/health and nothing else', async () => {
    const app = buildTestApp(store, {
      ROLE: 'worker',
      MONGODB_URI: 'mongodb://127.0.0.1:1/unused',
      INSTANCE_ID: 'w1',
    });
    for (const path of ['/health', '/mongo/health']) {
      const res = await request(app).get(path).expect(200);
      expect(res.body).toMatchObject({ role: 'worker', instanceId: 'w1', jobs: [] });
    }
    for (const path of ['/api/ifc/projects', '/api/ifc/odata/', '/mongo/auth/login', '/api/stats/overview']) {
      const res = await request(app).get(path).expect(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    }
    await request(app).post('/mongo/auth/register').send({}).expect(404);
    expect((await request(app).get('/dashboard')).status).toBe(404);
  });

  it('an api instance reports no held jobs (it runs none)', async () => {
    const app = buildTestApp(store, {
      ROLE: 'api',
      MONGODB_URI: 'mongodb://127.0.0.1:1/unused',
      INSTANCE_ID: 'a1',
    });
    const res = await request(app).get('/health').expect(200);
    expect(res.body).toMatchObject({ role: 'api', instanceId: 'a1' });
    expect(res.body.jobs).toBeUndefined();
  });
});

describe('health when the database is down', () => {
  it('answers 503 with status degraded', async () => {
    const { createSqliteStore } = await import('../../store/sqlite/sqlite-store');
    const store = createSqliteStore({ file: ':memory:' });
    const app = buildTestApp(store);
    await store.close();
    const res = await request(app).get('/health').expect(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});
