import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Store } from '../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { instanceApp, sharedMongoDb } from '../../test/shared-mongo-db';
import { newAccount } from '../../test/test-app';
import { jwtSecretFor } from './jwt-secret';

/**
 * Issue 16: instances on one MongoDB, each with its own DATA_DIR and no JWT_SECRET, sign and verify with one secret
 * (created once in the database), so a session from one instance works on every other.
 */
const title = 'JWT secret shared by instances on one MongoDB';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_secret');
  let stores: Store[];
  let dirs: string[] = [];
  beforeAll(async () => {
    // Opened one after another: opening stores at once is start-up-locks.test.ts's subject.
    stores = [await db.open(), await db.open(), await db.open()];
    dirs = stores.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'aec-instance-')));
  });
  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await db.dispose();
  });

  it('instances starting at once agree on one generated secret, kept in the database, not in DATA_DIR', async () => {
    const secrets = await Promise.all(stores.map((s, i) => jwtSecretFor(undefined, dirs[i]!, s)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    for (const dir of dirs) expect(fs.readdirSync(dir)).toEqual([]);
    // A restart finds the same secret.
    expect(await jwtSecretFor(undefined, dirs[0]!, stores[2]!)).toBe(secrets[0]);
  });

  it('a session opened on one instance is accepted by another', async () => {
    const [a, b] = await Promise.all(
      stores.slice(0, 2).map(async (s, i) => instanceApp(s, await jwtSecretFor(undefined, dirs[i]!, s)).app),
    );
    const account = newAccount('roam');
    await request(a!).post('/mongo/auth/register').send(account).expect(201);
    const { token } = (await request(a!).post('/mongo/auth/login').send(account).expect(200)).body as {
      token: string;
    };
    const me = await request(b!).get('/mongo/user/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user.username).toBe(account.username);
  });

  it('a configured JWT_SECRET wins and nothing is generated', async () => {
    const configured = 'c'.repeat(40);
    expect(await jwtSecretFor(configured, dirs[1]!, stores[1]!)).toBe(configured);
    expect(fs.readdirSync(dirs[1]!)).toEqual([]);
  });
});
