// One model through the real server: start it on a fresh data dir, upload the file (streamed from disk, never read
// whole), wait for ready, and measure the time, /health latency meanwhile and the server's peak RSS (the process's
// VmHWM: main thread, extraction worker and row writer together).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  TIMELINE,
  freePort,
  percentile,
  peakRssMb,
  serverIdle,
  startHealthProbe,
  waitForHealth,
  uploadFile,
  watchJobTimelines,
} from './bench-utils.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

export async function uploadToReady(model, env = {}) {
  const bytes = statSync(model).size;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: TIMELINE ? 'debug' : 'warn',
      MAX_UPLOAD_MB: String(Math.ceil((bytes * 1.1) / 1024 / 1024)),
      ...env,
    },
    stdio: ['ignore', TIMELINE ? 'pipe' : 'ignore', 'inherit'],
  });
  const timelines = watchJobTimelines(server);
  try {
    await waitForHealth(base);
    const json = { 'content-type': 'application/json' };
    const account = { username: 'bench_user', email: 'bench@example.com', password: 'secret12' };
    await fetch(`${base}/mongo/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(account),
    });
    const { token } = await (
      await fetch(`${base}/mongo/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(account),
      })
    ).json();

    // timed from a quiet server, as one that has been up a while is: its start-up work (the demo model's job, the
    // next job's worker rehearsing) done
    await serverIdle(server.pid);
    const probe = startHealthProbe(base);
    const started = performance.now();
    const startedAt = Date.now();
    // no ?wait=true: a big model's job outlasts the server's request timeouts; the project is polled instead, every
    // 0.1 s (0.5 s before: up to half a second of the measured time was the poll's)
    const auth = { authorization: `Bearer ${token}` };
    const { body: accepted } = await uploadFile(
      `${base}/api/ifc/odata/upload`,
      auth,
      model,
      'bench-model.ifc',
    );
    if (!accepted.success) throw new Error(`upload refused: ${JSON.stringify(accepted).slice(0, 300)}`);
    let body;
    for (;;) {
      body = await (await fetch(`${base}/api/ifc/projects/${accepted.projectId}`, { headers: auth })).json();
      if (body.status === 'ready' || body.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const latencies = await probe.stop();
    if (TIMELINE) await timelines.print(path.basename(model), startedAt);
    if (body.status !== 'ready') throw new Error(`processing failed: ${JSON.stringify(body).slice(0, 300)}`);
    const rows = (body.elementCount ?? 0) + (body.propertyCount ?? 0);
    return {
      modelMb: +(bytes / 1024 / 1024).toFixed(1),
      products: body.elementCount,
      rows,
      seconds: +seconds.toFixed(2),
      mbPerSecond: +(bytes / 1024 / 1024 / seconds).toFixed(1),
      rowsPerSecond: Math.round(rows / seconds),
      peakRssMb: peakRssMb(server.pid),
      healthP99Ms: +percentile(latencies, 0.99).toFixed(1),
      healthSamples: latencies.length,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
