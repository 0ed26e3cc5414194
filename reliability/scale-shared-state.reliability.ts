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
  });
