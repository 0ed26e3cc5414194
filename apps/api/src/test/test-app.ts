import pino from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { parseConfig, type Config } from '../config/env';
import type { Store } from '../store/types';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: Record<string, string> = {}): Config {
  // no rehearsing spares (IFC_SPARE_REHEARSAL) unless a test asks: a suite runs hundreds of jobs, each followed by one
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/aec-unused',
    IFC_SPARE_REHEARSAL: 'false',
    ...overrides,
  });
}

export function buildTestRuntime(store: Store, overrides: Record<string, string> = {}, workerPath?: string) {
  const config = testConfig(overrides);
  return createApp({ config, store, logger: pino({ level: 'silent' }), jwtSecret: TEST_SECRET, workerPath });
}

export function buildTestApp(store: Store, overrides: Record<string, string> = {}) {
  return buildTestRuntime(store, overrides).app;
}

let counter = 0;
/** A fresh, valid registration payload: every test makes its own users. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const username = `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return { username, email: `${username}@example.com`, password: 'secret12' };
}

export async function registerAndLogin(app: ReturnType<typeof buildTestApp>, prefix = 'user') {
  const account = newAccount(prefix);
  await request(app).post('/mongo/auth/register').send(account).expect(201);
  const login = await request(app).post('/mongo/auth/login').send(account).expect(200);
  return { account, token: login.body.token as string, user: login.body.user as { id: string } };
}
