// One model through the real server: start it on a fresh data dir, upload the file (streamed from disk, never read
// whole), wait for ready, and measure the time, /health latency meanwhile and the server's peak RSS (the process's
// VmHWM: main thread, extraction worker and row writer together).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  TIMELINE,
  percentile,
  peakRssMb,
  serverIdle,
  signIn,
  startHealthProbe,
  startServer,
  uploadFile,
} from './bench-utils.mjs';

/**
 * The server an IFC bench uploads to: fresh data folder, uploads of up to `maxUploadMb`, debug logs and job timelines
 * with BENCH_IFC_TIMELINE=1, the bench user signed in; resolved once the server is quiet, as one that has been up a
 * while is (its start-up work — the demo model's job, the next job's worker rehearsing — done), so that the upload
 * is timed alone. `stop()` ends it and removes its data.
 */
export async function startIfcBenchServer(maxUploadMb, env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-bench-'));
  const server = await startServer(
    { DATA_DIR: dataDir, LOG_LEVEL: TIMELINE ? 'debug' : 'warn', MAX_UPLOAD_MB: String(maxUploadMb), ...env },
    { timelines: TIMELINE, removeOnStop: dataDir },
  );
  try {
    const token = await signIn(server.base, 'bench_user');
    await serverIdle(server.pid);
    return { ...server, token };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

export async function uploadToReady(model, env = {}) {
  const bytes = statSync(model).size;
  const { base, pid, token, timelines, stop } = await startIfcBenchServer(
    Math.ceil((bytes * 1.1) / 1024 / 1024),
    env,
  );
  try {
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
    if (timelines) await timelines.print(path.basename(model), startedAt);
    if (body.status !== 'ready') throw new Error(`processing failed: ${JSON.stringify(body).slice(0, 300)}`);
    const rows = (body.elementCount ?? 0) + (body.propertyCount ?? 0);
    return {
      modelMb: +(bytes / 1024 / 1024).toFixed(1),
      products: body.elementCount,
      rows,
      seconds: +seconds.toFixed(2),
      mbPerSecond: +(bytes / 1024 / 1024 / seconds).toFixed(1),
      rowsPerSecond: Math.round(rows / seconds),
      peakRssMb: peakRssMb(pid),
      healthP99Ms: +percentile(latencies, 0.99).toFixed(1),
      healthSamples: latencies.length,
    };
  } finally {
    await stop();
  }
}
