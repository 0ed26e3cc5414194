import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { startCluster, clusterSkipReason, type Cluster } from './cluster';

/**
 * Issue 16, shared state: login throttle, the generated JWT secret, feed-token revocation and account deletion take
 * effect on every API instance at once (the state lives in MongoDB, not in one process).
 */
const TITLE = 'scale-out shared state: throttle, secret and revocation across 2 API instances';
if (clusterSkipReason) describeSkipped(TITLE, clusterSkipReason);
else
  describe(TITLE, () => {
    let cluster: Cluster;
    beforeAll(async () => {
      // No JWT_SECRET: the instances must agree on the one generated for this database.
      cluster = await startCluster({
        apis: 2,
        workers: 0,
        name: 'shared',
        env: { JWT_SECRET: '', LOGIN_MAX_FAILURES_PER_USER: '5', LOGIN_MAX_FAILURES_PER_IP: '1000' },
      });
    }, 120_000);
    afterAll(() => cluster?.stop());

    const base = (n: number) => cluster.apis[n % cluster.apis.length]!.base;
    const json = { 'content-type': 'application/json' };
    const post = (n: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base(n)}${path}`, {
        method: 'POST',
        headers: { ...json, ...headers },
        body: JSON.stringify(body),
      });
    async function register(name: string) {
      const account = { username: name, email: `${name}@example.com`, password: 'secret12' };
      expect((await post(0, '/mongo/auth/register', account)).status).toBe(201);
      return account;
    }

    it('accepts on one instance the session another instance signed with the generated secret', async () => {
      const account = await register('shared_secret_user');
      const login = await post(1, '/mongo/auth/login', account);
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      for (const n of [0, 1]) {
        const me = await fetch(`${base(n)}/mongo/user/me`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
      }
    });

    it('locks a username at the same count whichever instances the failed logins reached', async () => {
      const account = await register('shared_throttle_user');
      for (let i = 0; i < 5; i++) {
        const res = await post(i, '/mongo/auth/login', {
          username: account.username,
          password: 'wrong-password',
        });
        expect(res.status).toBe(401);
      }
      for (const n of [0, 1]) {
        const blocked = await post(n, '/mongo/auth/login', account);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('refuses on the next request a feed token revoked on the other instance, and a deleted account', async () => {
      const account = await register('shared_revoke_user');
      const { token } = (await (await post(0, '/mongo/auth/login', account)).json()) as { token: string };
      const bearer = { authorization: `Bearer ${token}` };
      const created = await post(0, '/api/feed-tokens', { name: 'Power BI — Büro' }, bearer);
      expect(created.status).toBe(201);
      const feedToken = (await created.json()) as { id: string; token: string };
      const basic = {
        authorization: `Basic ${Buffer.from(`${account.username}:${feedToken.token}`).toString('base64')}`,
      };
      for (const n of [0, 1])
        expect((await fetch(`${base(n)}/api/ifc/odata/`, { headers: basic })).status).toBe(200);

      const revoked = await fetch(`${base(1)}/api/feed-tokens/${feedToken.id}`, {
        method: 'DELETE',
        headers: bearer,
      });
      expect(revoked.status).toBe(200);
      const refused = await fetch(`${base(0)}/api/ifc/odata/`, { headers: basic });
      expect(refused.status).toBe(401);

      const deleted = await fetch(`${base(0)}/mongo/user/delete`, { method: 'DELETE', headers: bearer });
      expect(deleted.status).toBe(200);
      expect((await fetch(`${base(1)}/mongo/user/me`, { headers: bearer })).status).toBe(401);
    });
  });
