import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(base, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${base} not healthy within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** Peak resident set (VmHWM) of a live process, in MB: covers its worker threads too. */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/**
 * Starts probing `${base}/health` from a separate process (health-probe.mjs); `stop()` resolves to the latencies in
 * ms. Separate so the bench's own work (sending the upload) is not counted as the server's latency.
 */
export function startHealthProbe(base) {
  const child = fork(new URL('./health-probe.mjs', import.meta.url), [base], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let latencies = [];
  child.on('message', (message) => (latencies = message));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      if (child.connected) child.send('stop');
      await exited;
      return latencies;
    },
  };
}

/** BENCH_IFC_TIMELINE=1: benches start their server with debug logs and print each job's milestones. */
export const TIMELINE = process.env.BENCH_IFC_TIMELINE === '1';

/**
 * Collects the `job timeline` entries of a server started with LOG_LEVEL=debug and stdout piped (nothing when its
 * stdout is not piped). `print(model, startedAt)` writes those of jobs begun since `startedAt` (Date.now() when the
 * upload began), in seconds since then, with the row writer's figures.
 */
export function watchJobTimelines(server) {
  const timelines = [];
  let pending = '';
  server.stdout?.setEncoding('utf8').on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.includes('"job timeline"')) timelines.push(JSON.parse(line).timeline);
  });
  return {
    async print(model, startedAt) {
      // the server logs the timeline just after it answers
      await new Promise((r) => setTimeout(r, 200));
      // Only this upload's job: the server's own jobs from before it (the demo model it seeds at start) are not.
      for (const { origin, marks, details } of timelines.filter((t) => t.origin >= startedAt)) {
        const at = Object.fromEntries(
          Object.entries({ 'upload-stored': 0, ...marks }).map(([k, ms]) => [
            k,
            +((origin + ms - startedAt) / 1000).toFixed(2),
          ]),
        );
        console.log(`timeline of ${model} (s since upload began):`, at, 'writer:', details);
      }
    },
  };
}
