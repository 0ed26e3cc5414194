import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import { buildTestApp } from '../test/test-app';
import { REQUEST_HEAD_LIMIT_BYTES, createHttpServer } from '../http/request-head';

describe('security: headers and oversized input', () => {
  const store = createSqliteStore({ file: ':memory:' });
  const app = buildTestApp(store);
  afterAll(() => store.close());

  it('sends helmet headers, no x-powered-by, and a same-origin-only script policy', async () => {
    const res = await request(app).get('/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("'unsafe-inline';script-src-attr");
  });

  it('answers 431 to oversized headers and 413 to oversized JSON bodies', async () => {
    const server = createHttpServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/health', headers: { 'x-big': 'x'.repeat(REQUEST_HEAD_LIMIT_BYTES) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    await new Promise((r) => server.close(r));
    expect(status).toBe(431);
    await request(app)
      .post('/mongo/auth/login')
      .send({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) })
      .expect(413);
  });

  it('never echoes a password or hash, even in validation errors', async () => {
    const res = await request(app)
      .post('/mongo/auth/register')
      .send({ username: 'ab', email: 'bad', password: 'my-secret-pw' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('my-secret-pw');
  });
});
