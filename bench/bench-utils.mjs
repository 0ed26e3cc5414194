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
