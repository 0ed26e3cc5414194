import { generateIfcFixture } from '@aec/ifc';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { account, uploadModel, waitForJobEnd } from './server-process';
import { clusterSkipReason, readJobEvents, startCluster, watchHolders, type Cluster } from './cluster';

/**
 * Issue 16, scale: 2 API instances and 2 workers on one MongoDB-compatible server. Uploads spread over both APIs
 * run exactly once, on both workers; any API streams any job's log and serves the same feed.
 */
const TITLE = 'scale-out: 2 API instances and 2 workers on one MongoDB';
if (clusterSkipReason) describeSkipped(TITLE, clusterSkipReason);
else
  describe(TITLE, () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster({ apis: 2, workers: 2, name: 'scale', env: { JOB_LEASE_SECONDS: '5' } });
    }, 120_000);
    let stopWatching: () => Promise<unknown> = async () => undefined;
    afterAll(async () => {
      await stopWatching();
      await cluster?.stop();
    });

    /** Follows nextLink, alternating the instance each page is asked of (a link minted on one, read on the other). */
    async function pullAcross(pathAndQuery: string, token: string, startOn: number): Promise<string[]> {
      const bases = cluster.apis.map((a) => a.base);
      const ids: string[] = [];
      let next: string | undefined = `${bases[startOn]}${pathAndQuery}`;
      for (let page = 0; next; page++) {
        const url = new URL(next);
        const base = new URL(bases[(startOn + page) % bases.length]!);
        url.host = base.host;
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, prefer: 'odata.maxpagesize=40' },
        });
        if (res.status !== 200) throw new Error(`feed answered ${res.status}: ${await res.text()}`);
        const body = (await res.json()) as { value: { Id: string }[]; '@odata.nextLink'?: string };
        ids.push(...body.value.map((r) => r.Id));
        next = body['@odata.nextLink'];
      }
      return ids;
    }

    it('runs 8 uploads spread over both APIs exactly once each, split across both workers', async () => {
      const [api1, api2] = cluster.apis as [Cluster['apis'][0], Cluster['apis'][0]];
      const user = await account(api1.base, 'scale_user');
      const watcher = watchHolders(cluster.workers);
      stopWatching = () => watcher.stop();
      const fixtures = Array.from({ length: 8 }, (_, i) =>
        generateIfcFixture({ storeys: 2, bays: 3, seed: 100 + i }),
      );
      const accepted = await Promise.all(
        fixtures.map(async (fixture, i) => {
          const receiver = i % 2;
          const res = await uploadModel(
            cluster.apis[receiver]!.base,
            user.token,
            fixture.text,
            `Büro-${i}.ifc`,
            false,
          );
          expect(res.status).toBe(202);
          return {
            jobId: res.body.jobId as string,
            projectId: res.body.projectId as string,
            receiver,
            fixture,
          };
        }),
      );

      // The live log read from the instance that did not receive the upload, while the jobs run.
      const logs = await Promise.all(
        accepted.map((a) => readJobEvents(cluster.apis[1 - a.receiver]!.base, a.jobId, user.token)),
      );
      const ended = await Promise.all(accepted.map((a) => waitForJobEnd(api2.base, a.jobId, user.token)));
      const holders = await watcher.stop();

      expect(ended.map((j) => j.status)).toEqual(accepted.map(() => 'ready'));
      for (const log of logs) {
        const messages = log.map((e) => e.data.message);
        // The whole log: what the receiving API wrote first, what the worker wrote, and the one outcome at the end.
        expect(messages[0]).toMatch(/^Received /);
        expect(messages).toContain('Processing started');
        expect(messages.filter((m) => m === 'Processing started')).toHaveLength(1);
        expect(messages.filter((m) => /restarted/i.test(m))).toEqual([]);
        expect(log.at(-1)!.event).toBe('complete');
        expect(log.filter((e) => e.event === 'complete')).toHaveLength(1);
        expect(log.map((e) => e.id)).toEqual(log.map((_, i) => i + 1));
      }

      // Each job was held by one worker only, and the 8 jobs were shared by both workers.
      for (const a of accepted) expect([...(holders.get(a.jobId) ?? [])].length).toBeLessThanOrEqual(1);
      const workersUsed = new Set([...holders.values()].flatMap((s) => [...s]));
      expect([...workersUsed].sort()).toEqual(['worker-1', 'worker-2']);

      // Both instances serve the same feed, whichever minted the nextLink.
      for (const a of accepted) {
        const query = `/api/ifc/odata/projects/${a.projectId}/IFCElements?$select=Id&$orderby=Id`;
        const fromFirst = await pullAcross(query, user.token, 0);
        const fromSecond = await pullAcross(query, user.token, 1);
        expect(fromFirst).toHaveLength(a.fixture.counts.totalProducts);
        expect(fromSecond).toEqual(fromFirst);
      }
    }, 420_000);
  });
