import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, startServer, type RunningServer } from './test/spawn-server';

/**
 * The built server run the way the Dockerfile and docker-compose run it (same command, same environment
 * variables), since Docker itself cannot run here.
 */
describe('built server process', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeAll(() => buildServerBundle());
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-proc-'));
  });
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (base: string, p: string, body: unknown) =>
    fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps users and sessions across a restart with a generated secret, and stops cleanly on SIGTERM', async () => {
    server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    const account = { username: 'restart_user', email: 'restart@example.com', password: 'secret12' };
    expect((await post(server.baseUrl, '/mongo/auth/register', account)).status).toBe(201);
    const { token } = (await (await post(server.baseUrl, '/mongo/auth/login', account)).json()) as {
      token: string;
    };
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    const me = await fetch(`${server.baseUrl}/mongo/user/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect((await post(server.baseUrl, '/mongo/auth/login', account)).status).toBe(200);
  });

  it('runs with the docker-compose environment (JWT_SECRET from the env file, HOST and PORT)', async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'compose-secret-compose-secret-compose-secret',
      JWT_EXPIRES_IN: '12h',
    });
    const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as { database: { kind: string } };
    expect(health.database.kind).toBe('sqlite');
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'aec.sqlite'))).toBe(true);
  });

  it('finishes an in-flight request during graceful shutdown', async () => {
    server = await startServer({ DATA_DIR: dataDir, BCRYPT_COST: '13' });
    // A cost-13 hash takes long enough that SIGTERM arrives while the request is in flight.
    const inflight = post(server.baseUrl, '/mongo/auth/register', {
      username: 'slow_user',
      email: 'slow@example.com',
      password: 'secret12',
    });
    await new Promise((r) => setTimeout(r, 50));
    const exit = server.stop('SIGTERM');
    expect((await inflight).status).toBe(201);
    expect(await exit).toBe(0);
  });

  it('fails fast at start naming every bad configuration key', () => {
    const result = spawnSync(process.execPath, [path.resolve(__dirname, '../dist/server.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', JWT_SECRET: 'short', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });
});
