import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import type { Store } from '../store/types';
import { buildTestApp, newAccount } from '../test/test-app';

/**
 * The login trade-off the specification asks for: an unknown username answers "User not found" (the client offers
 * sign-up on it), so usernames can be discovered. What bounds it is the per-address login throttle; SECURITY.md
 * must say both, so an operator knows what to tune.
 */
const SECURITY = fs.readFileSync(path.resolve(__dirname, '../../../../SECURITY.md'), 'utf8');
const PROBES = 4;

describe('username discovery through login', () => {
  let store: Store;
  let app: ReturnType<typeof buildTestApp>;
  beforeAll(() => {
    store = createSqliteStore({ file: ':memory:' });
    app = buildTestApp(store, {
      LOGIN_MAX_FAILURES_PER_IP: String(PROBES),
      LOGIN_MAX_FAILURES_PER_USER: '100',
    });
  });
  afterAll(() => store.close());

  it('tells an unknown username apart until the address has used its failures, then answers 429 to every name', async () => {
    const existing = newAccount('known');
    await request(app).post('/mongo/auth/register').send(existing).expect(201);

    for (let i = 0; i < PROBES; i++) {
      const probe = await request(app)
        .post('/mongo/auth/login')
        .send({ username: `nobody_${i}_ünïcode`, password: 'whatever1' });
      expect(probe.status).toBe(404);
      expect(probe.body).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    }
    // The window is spent: a known and an unknown name now get the same answer, so probing stops telling them apart.
    for (const username of [existing.username, 'nobody_else']) {
      const blocked = await request(app).post('/mongo/auth/login').send({ username, password: 'wrong-one' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('is stated in SECURITY.md with the settings that bound it', () => {
    const section = SECURITY.split(/^## /m).find((s) => s.startsWith('Accounts')) ?? '';
    expect(section).toMatch(/User not found/);
    expect(section).toMatch(/usernames can be discovered/i);
    for (const setting of [
      'LOGIN_MAX_FAILURES_PER_IP',
      'LOGIN_MAX_FAILURES_PER_USER',
      'LOGIN_WINDOW_SECONDS',
    ]) {
      expect(section).toContain(setting);
    }
  });
});
