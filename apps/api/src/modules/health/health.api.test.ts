import request from 'supertest';
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

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await request(app).get('/api/nope').expect(404);
    expect(res.body).toEqual({ error: 'No route for GET /api/nope', code: 'ROUTE_NOT_FOUND' });
  });

  it('allows the configured CORS origin only', async () => {
    const ok = await request(app).get('/health').set('Origin', 'http://localhost:5173');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await request(app).get('/health').set('Origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
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
