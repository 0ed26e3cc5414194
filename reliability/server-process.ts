import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  log: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the built server on 127.0.0.1 (a free port unless given) and waits for /health. */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} missing: run pnpm --filter @aec/api build first`);
  const p = port ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'reliability-secret-0123456789abcdefghij',
      ...env,
      PORT: String(p),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    log: () => log,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function account(base: string, name: string): Promise<{ token: string; username: string }> {
  const body = { username: name, email: `${name}@example.com`, password: 'secret12' };
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/mongo/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const res = await fetch(`${base}/mongo/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
  const { token } = (await res.json()) as { token: string };
  return { token, username: name };
}

export async function uploadModel(
  base: string,
  token: string,
  content: string | Buffer,
  name: string,
  wait = true,
) {
  const form = new FormData();
  form.append('ifcFile', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await fetch(`${base}/api/ifc/odata/upload${wait ? '?wait=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Pages a feed URL to the end through nextLink; returns the rows' ids. */
export async function pullAll(
  url: string,
  headers: Record<string, string>,
  pageSize = 500,
): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await fetch(next, { headers: { ...headers, prefer: `odata.maxpagesize=${pageSize}` } });
    if (res.status !== 200)
      throw new Error(`feed answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const page = (await res.json()) as { value: { Id: string }[]; '@odata.nextLink'?: string };
    ids.push(...page.value.map((r) => r.Id));
    next = page['@odata.nextLink'];
  }
  return ids;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** Measures /health latency every `everyMs` until stopped. */
export function healthProbe(base: string, everyMs = 50) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${base}/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), samples: latencies.length };
    },
  };
}

/** MongoDB variants run where a wire-protocol server is reachable (CI starts FerretDB). */
export const mongoUri = process.env.TEST_MONGODB_URI || undefined;
export const stores: { name: string; env: (db: string) => Record<string, string> }[] = [
  { name: 'sqlite', env: () => ({}) },
  ...(mongoUri
    ? [{ name: 'mongodb', env: (db: string) => ({ MONGODB_URI: `${mongoUri.replace(/\/?$/, '/')}${db}` }) }]
    : []),
];
if (!mongoUri)
  console.warn('reliability: MongoDB variants skipped — no TEST_MONGODB_URI (no MongoDB-compatible server)');
