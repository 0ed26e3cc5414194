import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiProcess } from '../tools/test-support/api-process';
import { describeSkipped } from '../tools/test-support/skip-with-reason';

export const ROOT = path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');

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
  const api = await startApiProcess({
    server: SERVER,
    env: { JWT_SECRET: 'reliability-secret-0123456789abcdefghij', ...env },
    ...(port ? { port } : {}),
  });
  return {
    child: api.child,
    base: api.baseUrl,
    log: api.output,
    async kill(signal = 'SIGTERM') {
      await api.stop(signal);
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

export interface SseEntry {
  id: number;
  event: string;
  data: { message: string; type?: string; progress?: number };
}

/** One Server-Sent Events block ("id: …\nevent: …\ndata: …"); null for comments and the retry line. */
export function parseSseBlock(block: string): SseEntry | null {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const at = line.indexOf(': ');
    if (at > 0 && !line.startsWith(':')) fields.set(line.slice(0, at), line.slice(at + 2));
  }
  if (!fields.has('data') || !fields.has('event')) return null;
  return { id: Number(fields.get('id')), event: fields.get('event')!, data: JSON.parse(fields.get('data')!) };
}

/**
 * Follows a job's events until a log entry reports at least `atLeast` percent (extraction bands: 35–85), so a
 * fault test strikes while rows are being written rather than after a guessed delay. Throws when the job ends
 * first: the test then did not interrupt anything and must not pass as if it had.
 */
export async function untilJobProgress(
  base: string,
  token: string,
  jobId: string,
  atLeast: number,
  timeoutMs = 120_000,
): Promise<SseEntry> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`${base}/api/ifc/jobs/${jobId}/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const entry = parseSseBlock(pending.slice(0, end));
        pending = pending.slice(end + 2);
        if (!entry) continue;
        if (entry.event !== 'log')
          throw new Error(`job ${jobId} ended (${entry.event}: ${entry.data.message}) before ${atLeast}%`);
        if ((entry.data.progress ?? 0) >= atLeast) return entry;
      }
    }
    throw new Error(`job ${jobId}: event stream ended before ${atLeast}%`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Polls GET /api/ifc/jobs/{id} on `base` until the job ends (bounded). */
export async function waitForJobEnd(
  base: string,
  jobId: string,
  token: string,
  timeoutMs = 180_000,
): Promise<{ status: string; error?: string | null; projectId: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/api/ifc/jobs/${jobId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const job = (await res.json()) as { status: string; error?: string | null; projectId: string };
    if (['ready', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
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

/** MongoDB variants run where a wire-protocol server is reachable (CI starts FerretDB); elsewhere they are
 * reported skipped with this reason, never left out silently. */
export const mongoUri = process.env.TEST_MONGODB_URI || undefined;
export interface StoreVariant {
  name: 'sqlite' | 'mongodb';
  skipReason: string | null;
  env: (db: string) => Record<string, string>;
}
export const stores: StoreVariant[] = [
  { name: 'sqlite', skipReason: null, env: () => ({}) },
  {
    name: 'mongodb',
    skipReason: mongoUri
      ? null
      : 'no MongoDB-compatible server: set TEST_MONGODB_URI (e.g. `scripts/ferretdb.sh start <dir>`)',
    env: (db: string) => ({ MONGODB_URI: `${(mongoUri ?? '').replace(/\/?$/, '/')}${db}` }),
  },
];

/** describe() per store, titled "<title> (<store>)"; a store that cannot run here is a skipped check with its reason. */
export function describeEachStore(title: string, body: (store: StoreVariant) => void): void {
  for (const store of stores) {
    const name = `${title} (${store.name})`;
    if (store.skipReason) describeSkipped(name, store.skipReason);
    else describe(name, () => body(store));
  }
}
