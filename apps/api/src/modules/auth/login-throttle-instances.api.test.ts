import request from 'supertest';
import type { Store } from '../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { instanceApp, sharedMongoDb } from '../../test/shared-mongo-db';
import { newAccount, TEST_SECRET } from '../../test/test-app';
import { TooManyRequestsError } from '../../errors/app-error';
import { createLoginThrottle } from './create-login-throttle';

/**
 * Issue 16: with MongoDB, N API instances share one login throttle. Failed logins spread over two instances (two
 * apps, each on its own connection to one database) count together, per username and per client address.
 */
const title = 'login throttle shared by instances on one MongoDB';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_throttle');
  let stores: Store[];
  beforeAll(async () => {
    stores = await Promise.all([db.open(), db.open()]);
  });
  afterAll(() => db.dispose());

  // Each test comes from its own client address (behind a trusted proxy), so the per-address counts stay apart.
  let address = 0;
  const nextAddress = () => `203.0.113.${++address}`;
  const apps = (settings: Record<string, string>) =>
    stores.map((s) => instanceApp(s, TEST_SECRET, { TRUST_PROXY: 'true', ...settings }).app);
  const login = (app: Parameters<typeof request>[0], ip: string, body: object) =>
    request(app).post('/mongo/auth/login').set('X-Forwarded-For', ip).send(body);

  it('locks a username after the limit counted over both instances, on both, even with the right password', async () => {
    const [a, b] = apps({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '100' });
    const account = { ...newAccount(), username: `Mixed.Case_${Date.now().toString(36)}` };
    await request(a!).post('/mongo/auth/register').send(account).expect(201);
    const ip = nextAddress();
    // A different case on each instance: the username counts case-insensitively, as on one instance.
    await login(a!, ip, { username: account.username, password: 'wrong1' }).expect(401);
    await login(b!, ip, { username: account.username.toUpperCase(), password: 'wrong2' }).expect(401);
    await login(a!, ip, { username: account.username.toLowerCase(), password: 'wrong3' }).expect(401);
    for (const app of [a!, b!]) {
      const blocked = await login(app, nextAddress(), account).expect(429);
      expect(blocked.body).toEqual({
        error: 'Too many failed login attempts. Try again in 15 minutes.',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
  });

  it('counts one client address over both instances and many usernames', async () => {
    const [a, b] = apps({ LOGIN_MAX_FAILURES_PER_USER: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    const ip = nextAddress();
    for (let i = 0; i < 4; i++)
      await login(i % 2 ? b! : a!, ip, { username: `ghost_${i}_${ip}`, password: 'x' }).expect(404);
    await login(a!, ip, { username: 'someone_else', password: 'x' }).expect(429);
    await login(b!, ip, { username: 'someone_else', password: 'x' }).expect(429);
    // Another address is not affected.
    await login(b!, nextAddress(), { username: 'someone_else', password: 'x' }).expect(404);
  });

  it('forgets a username’s failures on every instance after a successful login on one', async () => {
    const [a, b] = apps({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '100' });
    const account = newAccount('forget');
    await request(b!).post('/mongo/auth/register').send(account).expect(201);
    const ip = nextAddress();
    await login(a!, ip, { username: account.username, password: 'bad' }).expect(401);
    await login(b!, ip, { username: account.username, password: 'bad' }).expect(401);
    await login(a!, ip, account).expect(200);
    await login(b!, ip, { username: account.username, password: 'bad' }).expect(401);
    await login(b!, ip, { username: account.username, password: 'bad' }).expect(401);
    // Two failures since the success (three on instance B alone): below the limit of 3.
    await login(b!, ip, account).expect(200);
  });

  it('slides the window as the in-memory throttle does: the wait ends when the oldest counted failure leaves it', async () => {
    let clock = Date.UTC(2031, 0, 1);
    const [a, b] = stores.map((s) =>
      createLoginThrottle(s, {
        maxFailuresPerUser: 3,
        maxFailuresPerIp: 100,
        windowMs: 60_000,
        now: () => clock,
      }),
    );
    const name = `Slide_${Date.now().toString(36)}`;
    for (const throttle of [a!, b!, a!]) {
      await throttle.assertAllowed(name, '198.51.100.1');
      await throttle.recordFailure(name, '198.51.100.1');
      clock += 1000;
    }
    const refused = await Promise.resolve(b!.assertAllowed(name.toLowerCase(), '198.51.100.2')).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).headers['Retry-After']).toBe('57');
    clock += 57_000;
    await expect(Promise.resolve(a!.assertAllowed(name, '198.51.100.2'))).resolves.toBeUndefined();
  });
});
