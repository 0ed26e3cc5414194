import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generateIfcFixture, writeIfcModel } from '@aec/ifc';
import { itUnless } from '../tools/test-support/skip-with-reason';
import { ROWS_STORAGE_FULL_MESSAGE } from '../apps/api/src/modules/ifc/disk-full';
import { account, startApi, tempDir, uploadModel } from './server-process';

/** A small tmpfs as DATA_DIR stands in for a nearly full or read-only disk (needs root to mount). */
function mountTmpfs(dir: string, options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
}
const unmountNow = (dir: string) => execFileSync('umount', [dir], { stdio: 'pipe' });

/** Whether a tmpfs can be mounted here, decided before jest collects the tests: null, or why not. */
function tmpfsSkipReason(): string | null {
  const probe = tempDir('aec-tmpfs-probe-');
  try {
    mountTmpfs(probe, 'size=1m');
    unmountNow(probe);
    return null;
  } catch (err) {
    const said = String((err as { stderr?: Buffer }).stderr ?? '').trim() || (err as Error).message;
    return `cannot mount a tmpfs here (${said.split('\n')[0]}); run as root, as CI does`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const itWithTmpfs = itUnless(tmpfsSkipReason());
const unmount = (dir: string) => execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
const uploadsLeft = (dir: string) =>
  fs.existsSync(path.join(dir, 'uploads')) ? fs.readdirSync(path.join(dir, 'uploads')) : [];

describe('limits: disk full, read-only data folder, queue overflow', () => {
  itWithTmpfs('answers a clear error when DATA_DIR is nearly full, and leaves no temp file', async () => {
    const dir = tempDir('aec-full-');
    mountTmpfs(dir, 'size=10m');
    const api = await startApi({ DATA_DIR: dir, MAX_UPLOAD_MB: '100' });
    try {
      const user = await account(api.base, 'full_disk');
      const model = path.join(tempDir('aec-model-'), 'big.ifc');
      await writeIfcModel(model, { targetBytes: 12 * 1024 * 1024, bays: 8 });
      const res = await uploadModel(api.base, user.token, fs.readFileSync(model), 'big.ifc');
      expect([507, 422]).toContain(res.status);
      expect(res.body.success).toBe(false);
      expect(String(res.body.message)).toMatch(/disk space|disk is full|storage/i);
      expect(uploadsLeft(dir)).toEqual([]);
      expect((await fetch(`${api.base}/health`)).status).toBe(200);
      console.log(`limits: nearly full DATA_DIR → ${res.status} "${res.body.message}"`);
    } finally {
      await api.kill();
      unmount(dir);
    }
  });

  itWithTmpfs(
    'fails a job whose rows fill the disk with 507 and a clear reason, publishing nothing',
    async () => {
      // 100 MB: a 25 MB model fits beside the 64 MB reserve, so the upload is accepted; its rows (~125 MB) do not fit.
      const dir = tempDir('aec-rows-full-');
      mountTmpfs(dir, 'size=100m');
      const api = await startApi({ DATA_DIR: dir, MAX_UPLOAD_MB: '100' });
      try {
        const user = await account(api.base, 'rows_full');
        const model = path.join(tempDir('aec-model-'), 'rows.ifc');
        await writeIfcModel(model, { targetBytes: 25 * 1024 * 1024, bays: 8 });
        const res = await uploadModel(api.base, user.token, fs.readFileSync(model), 'rows.ifc');
        expect(res.status).toBe(507);
        expect(res.body).toMatchObject({
          success: false,
          code: 'STORAGE_FULL',
          message: ROWS_STORAGE_FULL_MESSAGE,
        });
        const auth = { authorization: `Bearer ${user.token}` };
        const project = (await (
          await fetch(`${api.base}/api/ifc/projects/${String(res.body.projectId)}`, { headers: auth })
        ).json()) as { status: string; error: string; elementCount: number };
        expect(project).toMatchObject({
          status: 'failed',
          error: ROWS_STORAGE_FULL_MESSAGE,
          elementCount: 0,
        });
        const feed = await fetch(`${api.base}/api/ifc/odata/IFCElements?$count=true&$top=0`, {
          headers: auth,
        });
        expect(((await feed.json()) as { '@odata.count': number })['@odata.count']).toBe(0);
        expect((await fetch(`${api.base}/health`)).status).toBe(200);
        console.log(`limits: rows filling DATA_DIR → ${res.status} "${String(res.body.message)}"`);
      } finally {
        await api.kill();
        unmount(dir);
      }
    },
  );

  itWithTmpfs('answers 503 when the data folder is not writable', async () => {
    const dir = tempDir('aec-ro-');
    const api = await startApi({ DATA_DIR: dir });
    const uploads = path.join(dir, 'uploads');
    // A read-only filesystem over the uploads folder: root ignores permission bits, not a read-only mount.
    let mounted = false;
    try {
      mountTmpfs(uploads, 'ro,size=1m');
      mounted = true;
      const user = await account(api.base, 'read_only');
      const res = await uploadModel(
        api.base,
        user.token,
        generateIfcFixture({ storeys: 1, bays: 1 }).text,
        'a.ifc',
      );
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/not writable/);
      expect((await fetch(`${api.base}/health`)).status).toBe(200);
      console.log(`limits: read-only DATA_DIR → ${res.status} "${res.body.message}"`);
    } finally {
      await api.kill();
      if (mounted) unmount(uploads);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses uploads beyond the queue with 503 and Retry-After, and never hangs', async () => {
    const dir = tempDir('aec-queue-');
    const api = await startApi({
      DATA_DIR: dir,
      JOB_QUEUE_LIMIT: '2',
      JOB_CONCURRENCY: '1',
      ROW_BATCH_SIZE: '50',
    });
    try {
      const user = await account(api.base, 'queue_user');
      const text = generateIfcFixture({ storeys: 10, bays: 6 }).text;
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => uploadModel(api.base, user.token, text, `q${i}.ifc`, false)),
      );
      const seconds = (performance.now() - started) / 1000;
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.every((s) => s === 202 || s === 503)).toBe(true);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(results.find((r) => r.status === 503)!.body.error).toMatch(/queue is full/);
      expect(seconds).toBeLessThan(60);
      console.log(`limits: 8 simultaneous uploads with a queue of 2 → ${statuses.join(', ')}`);
    } finally {
      await api.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
