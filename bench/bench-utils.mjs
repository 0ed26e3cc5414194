import { fork, spawn } from 'node:child_process';
import { createReadStream, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const SERVER = path.resolve(import.meta.dirname, '../apps/api/dist/server.js');

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

/**
 * Starts the built API on a free 127.0.0.1 port, with `env` over this process's environment (`inherit: false`: over
 * PATH alone), and resolves once `/health` answers. With `timelines`, its stdout is piped and its job timelines are
 * collected (watchJobTimelines) from the first line. `stop()` sends SIGTERM, waits for the exit and removes
 * `removeOnStop` (its data folder) when given; a server that never got healthy is stopped before the error.
 */
export async function startServer(
  env,
  { inherit = true, timelines = false, healthTimeoutMs = 30_000, removeOnStop } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...(inherit ? process.env : { PATH: process.env.PATH }),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', timelines ? 'pipe' : 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (removeOnStop) rmSync(removeOnStop, { recursive: true, force: true });
  };
  const watched = timelines ? watchJobTimelines(child) : null;
  try {
    await waitForHealth(base, healthTimeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: child.pid, timelines: watched, stop };
}

/** Registers `username` (a no-op when it exists) and signs in: resolves to the bearer token. */
export async function signIn(base, username, password = 'secret12') {
  const json = { 'content-type': 'application/json' };
  const account = JSON.stringify({ username, email: `${username}@example.com`, password });
  await fetch(`${base}/mongo/auth/register`, { method: 'POST', headers: json, body: account });
  const res = await fetch(`${base}/mongo/auth/login`, { method: 'POST', headers: json, body: account });
  const { token } = await res.json();
  if (!token) throw new Error(`${base}: ${username} could not sign in (${res.status})`);
  return token;
}

/**
 * POSTs `file` as the multipart field `ifcFile` to `url`, streamed from disk with its length announced (what curl
 * and a browser's File upload do); resolves to the answer's status and parsed JSON. The benches used `fetch` with a
 * `FormData` body before, which holds the whole file and spent ~0.45 s of CPU per 100 MB on the two cores the server
 * also runs on.
 */
export async function uploadFile(url, headers, file, filename = path.basename(file)) {
  const boundary = `----aec-bench-${process.pid}-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="ifcFile"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + statSync(file).size + tail.length,
    },
  });
  const answered = new Promise((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  try {
    req.write(head);
    await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), req, { end: false });
    req.end(tail);
  } catch {
    // a server refusing the upload may answer and close before the body is sent: its answer says why
  }
  const res = await answered;
  const chunks = [];
  for await (const chunk of res) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { status: res.statusCode, body: JSON.parse(text) };
  } catch {
    throw new Error(`upload to ${url} answered ${res.statusCode} with no JSON: ${text.slice(0, 300)}`);
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

/** The server's CPU time so far (all its threads), in clock ticks (utime + stime of /proc/<pid>/stat). */
const cpuTicks = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/**
 * Resolves once the server has used under ~4% of a core for two half-seconds in a row (bounded), so that no upload
 * is timed while work of the previous one (post-publish steps, retries) still runs in the server, nor the server's
 * start-up work (the demo model's job, the next job's worker rehearsing: IFC_SPARE_REHEARSAL).
 */
export async function serverIdle(pid, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`the server was still busy after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks(pid);
    quiet = now - last <= 2 ? quiet + 1 : 0;
    last = now;
  }
}
