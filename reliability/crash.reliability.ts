import { generateIfcFixture, writeIfcModel } from '@aec/ifc';
import fs from 'node:fs';
import path from 'node:path';
import {
  account,
  pullAll,
  startApi,
  describeEachStore,
  tempDir,
  uploadModel,
  untilJobProgress,
  waitForJobEnd,
} from './server-process';

/*
 * On SQLite the one process owns its jobs: after a kill -9 the restart fails the interrupted job and removes its rows.
 * On MongoDB jobs are leased (issue 16): the restarted instance takes the job over once the dead one's lease expires
 * and runs it again from the start, so the project ends ready with exact counts, published once.
 */
describeEachStore('crash: kill -9 during a job', ({ name, env }) => {
  it('restarts with the interrupted job failed (SQLite) or taken over (MongoDB), everything else intact', async () => {
    const dataDir = tempDir('aec-crash-');
    const storeEnv = {
      ...env(`aec_crash_${Date.now()}`),
      ...(name === 'mongodb' ? { JOB_LEASE_SECONDS: '3' } : {}),
    };
    let api = await startApi({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '200', ROW_BATCH_SIZE: '200', ...storeEnv });
    try {
      const alice = await account(api.base, `crash_alice_${name}`);
      const bob = await account(api.base, `crash_bob_${name}`);
      const fixture = generateIfcFixture({ storeys: 3, bays: 4, seed: 31 });
      const kept = await uploadModel(api.base, bob.token, fixture.text, 'kept.ifc');
      expect(kept.status).toBe(200);

      const big = path.join(dataDir, 'big.ifc');
      const bigCounts = await writeIfcModel(big, {
        targetBytes: (name === 'sqlite' ? 40 : 3) * 1024 * 1024,
        bays: 8,
        seed: 5,
      });
      const accepted = await uploadModel(api.base, alice.token, fs.readFileSync(big), 'big.ifc', false);
      expect(accepted.status).toBe(202);
      const jobId = accepted.body.jobId as string;
      const interrupted = accepted.body.projectId as string;
      // Kill without warning once extraction reports rows flowing (past the index band), not after a guessed delay:
      // the pipeline got fast enough that a fixed 1.5 s wait outlived a 15 MB job.
      await untilJobProgress(api.base, alice.token, jobId, 40);
      await api.kill('SIGKILL');

      api = await startApi({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '200', ...storeEnv });
      const readProject = async () =>
        (await (
          await fetch(`${api.base}/api/ifc/projects/${interrupted}`, {
            headers: { authorization: `Bearer ${alice.token}` },
          })
        ).json()) as { status: string; elementCount: number; error: string | null };
      const count = async () =>
        (
          await fetch(`${api.base}/api/ifc/odata/projects/${interrupted}/IFCElements/$count`, {
            headers: { authorization: `Bearer ${alice.token}` },
          })
        ).text();
      let project = await readProject();
      if (name === 'sqlite') {
        expect(project.status).toBe('failed');
        expect(project.elementCount).toBe(0);
        expect(project.error).toMatch(/interrupted/i);
        expect(await count()).toBe('0');
      } else {
        // Bounded wait: the lease (3 s) must expire, then the job runs again from the start.
        for (let i = 0; i < 600 && project.status !== 'ready' && project.status !== 'failed'; i++) {
          await new Promise((r) => setTimeout(r, 250));
          project = await readProject();
        }
        if (project.status !== 'ready') {
          // Say what the restarted instance did: its log and the job's own record.
          const job = await fetch(`${api.base}/api/ifc/jobs/${jobId}`, {
            headers: { authorization: `Bearer ${alice.token}` },
          }).then((r) => r.text());
          console.error(
            `crash[${name}]: project ${project.status}; job ${job}\nrestarted API log:\n${api.log().slice(-20_000)}`,
          );
        }
        expect(project.status).toBe('ready');
        expect(project.elementCount).toBe(bigCounts.totalProducts);
        expect(await count()).toBe(String(bigCounts.totalProducts));
        // The project is published before the job records its end: wait for that too (bounded).
        const job = await waitForJobEnd(api.base, jobId, alice.token, 60_000);
        expect(job.status).toBe('ready');
      }

      const feed = await pullAll(
        `${api.base}/api/ifc/odata/projects/${kept.body.projectId}/IFCElements?$select=Id`,
        { authorization: `Bearer ${bob.token}` },
      );
      expect(feed).toHaveLength(fixture.counts.totalProducts);
      const relogin = await fetch(`${api.base}/mongo/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: alice.username, password: 'secret12' }),
      });
      expect(relogin.status).toBe(200);
      console.log(
        `crash[${name}]: job killed mid-processing; after restart project ${project.status} with ${project.elementCount} elements; other project exact (${feed.length} rows)`,
      );
    } finally {
      await api.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
