import { writeIfcModel } from '@aec/ifc';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { account, tempDir, untilJobProgress, uploadModel, waitForJobEnd } from './server-process';
import {
  clusterSkipReason,
  health,
  openDatabase,
  readJobEvents,
  startCluster,
  watchHolders,
  type Cluster,
} from './cluster';

const RESTARTED = 'Processing restarted: the worker running it stopped responding';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 16, faults: a worker killed mid-extraction loses its lease and the other worker re-runs the job, published
 * once; an API killed right after its 202 leaves a job that still runs; an API killed during the transfer leaves
 * neither job nor stored file.
 */
const TITLE = 'scale-out faults: kill -9 of a worker or an API instance';
if (clusterSkipReason) describeSkipped(TITLE, clusterSkipReason);
else
  describe(TITLE, () => {
    let cluster: Cluster;
    let user: { token: string };
    const modelDir = tempDir('aec-fault-models-');
    let stopWatching: () => Promise<unknown> = async () => undefined;
    beforeAll(async () => {
      cluster = await startCluster({
        apis: 3,
        workers: 2,
        name: 'fault',
        env: { JOB_LEASE_SECONDS: '3', ROW_BATCH_SIZE: '200' },
      });
      user = await account(cluster.apis[0]!.base, 'fault_user');
    }, 120_000);
    afterAll(async () => {
      await stopWatching();
      await cluster?.stop();
      fs.rmSync(modelDir, { recursive: true, force: true });
    });

    const auth = () => ({ authorization: `Bearer ${user.token}` });
    async function feedIds(base: string, projectId: string): Promise<string[]> {
      const ids: string[] = [];
      let next: string | undefined = `${base}/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id`;
      while (next) {
        const res = await fetch(next, { headers: { ...auth(), prefer: 'odata.maxpagesize=2000' } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { value: { Id: string }[]; '@odata.nextLink'?: string };
        ids.push(...body.value.map((r) => r.Id));
        next = body['@odata.nextLink'];
      }
      return ids;
    }

    it('re-runs the job of a worker killed mid-extraction on the other worker, published once with exact counts', async () => {
      const api = cluster.apis[0]!;
      const file = path.join(modelDir, 'big.ifc');
      const counts = await writeIfcModel(file, { targetBytes: 4 * 1024 * 1024, bays: 8, seed: 7 });
      const watcher = watchHolders(cluster.workers, 50);
      stopWatching = () => watcher.stop();
      const accepted = await uploadModel(
        api.base,
        user.token,
        fs.readFileSync(file),
        'Tragwerk-groß.ifc',
        false,
      );
      expect(accepted.status).toBe(202);
      const jobId = accepted.body.jobId as string;
      const projectId = accepted.body.projectId as string;

      // Wait until a worker holds the job and its extraction reports rows flowing, then kill it without warning.
      let holder: (typeof cluster.workers)[number] | undefined;
      for (let i = 0; i < 600 && !holder; i++) {
        for (const w of cluster.workers) if ((await health(w)).jobs?.includes(jobId)) holder = w;
        if (!holder) await sleep(100);
      }
      expect(holder).toBeDefined();
      await untilJobProgress(api.base, user.token, jobId, 40);
      expect((await waitForJobEndOrNull(api.base, jobId))?.status).toBeUndefined();
      await holder!.kill('SIGKILL');

      const ended = await waitForJobEnd(api.base, jobId, user.token, 240_000);
      const holders = await watcher.stop();
      expect(ended.status).toBe('ready');
      expect([...(holders.get(jobId) ?? [])].sort()).toEqual(['worker-1', 'worker-2']);

      const log = await readJobEvents(cluster.apis[1]!.base, jobId, user.token);
      const messages = log.map((e) => e.data.message);
      expect(messages.filter((m) => m === RESTARTED)).toHaveLength(1);
      expect(log.filter((e) => e.event === 'complete')).toHaveLength(1);
      expect(log.at(-1)!.event).toBe('complete');

      const project = (await (
        await fetch(`${api.base}/api/ifc/projects/${projectId}`, { headers: auth() })
      ).json()) as {
        status: string;
        elementCount: number;
        models: { latestVersionNumber: number | null }[];
      };
      expect(project.status).toBe('ready');
      expect(project.elementCount).toBe(counts.totalProducts);
      expect(project.models.map((m) => m.latestVersionNumber)).toEqual([1]);
      const ids = await feedIds(cluster.apis[2]!.base, projectId);
      expect(ids).toHaveLength(counts.totalProducts);
      expect(new Set(ids).size).toBe(counts.totalProducts);
    }, 420_000);

    /** The job's status, or undefined while it has not ended. */
    async function waitForJobEndOrNull(base: string, jobId: string) {
      const job = (await (await fetch(`${base}/api/ifc/jobs/${jobId}`, { headers: auth() })).json()) as {
        status: string;
      };
      return ['ready', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    }

    it('finishes the job of an API instance killed right after it answered 202', async () => {
      const file = path.join(modelDir, 'small.ifc');
      const counts = await writeIfcModel(file, { storeys: 2, bays: 3, seed: 11 });
      const receiver = cluster.apis[1]!;
      const accepted = await uploadModel(
        receiver.base,
        user.token,
        fs.readFileSync(file),
        'nach-202.ifc',
        false,
      );
      expect(accepted.status).toBe(202);
      await receiver.kill('SIGKILL');
      const ended = await waitForJobEnd(cluster.apis[0]!.base, accepted.body.jobId as string, user.token);
      expect(ended.status).toBe('ready');
      const ids = await feedIds(cluster.apis[0]!.base, accepted.body.projectId as string);
      expect(ids).toHaveLength(counts.totalProducts);
    }, 300_000);

    it('leaves no job and no stored file when the API receiving an upload is killed during the transfer', async () => {
      const db = await openDatabase(cluster);
      try {
        const before = {
          jobs: await db.count('jobs'),
          projects: await db.count('projects'),
          files: await db.count('uploads.files'),
        };
        const receiver = cluster.apis[2]!;
        const boundary = 'aec-fault-boundary';
        const url = new URL(`${receiver.base}/api/ifc/odata/upload`);
        const outcome = new Promise<string>((resolve) => {
          const req = http.request(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              method: 'POST',
              headers: {
                ...auth(),
                'content-type': `multipart/form-data; boundary=${boundary}`,
                'content-length': String(20 * 1024 * 1024),
              },
            },
            (res) => resolve(`answered ${res.statusCode}`),
          );
          req.on('error', (err) => resolve(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`));
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="ifcFile"; filename="cut.ifc"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\nISO-10303-21;\nHEADER;\n',
          );
          // Part of the declared 20 MB, slowly, then the receiving process dies mid-transfer.
          let sent = 0;
          const chunk = Buffer.alloc(256 * 1024, 0x20);
          const timer = setInterval(() => {
            if (sent >= 2 * 1024 * 1024) {
              clearInterval(timer);
              void receiver.kill('SIGKILL');
              return;
            }
            sent += chunk.length;
            req.write(chunk);
          }, 20);
        });
        expect(await outcome).toMatch(/^error /);
        await sleep(500);
        expect({
          jobs: await db.count('jobs'),
          projects: await db.count('projects'),
          files: await db.count('uploads.files'),
        }).toEqual(before);
        const list = (await (
          await fetch(`${cluster.apis[0]!.base}/api/ifc/projects`, { headers: auth() })
        ).json()) as {
          projects?: { fileName: string }[];
        };
        expect(JSON.stringify(list)).not.toContain('cut.ifc');
      } finally {
        await db.close();
      }
    });
  });
