import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Store } from '../store/types';
import type { StoreTarget } from './store-fixtures';
import { API_DIR, buildServerBundle } from './spawn-server';
import { buildTestRuntime, registerAndLogin } from './test-app';

export const WORKER_PATH = path.join(API_DIR, 'dist/ifc-worker.js');

/**
 * A running app with a real job processor and worker threads, on a temp DATA_DIR, listening on 127.0.0.1. With a
 * store opened on that DATA_DIR (openIfcHarness), SQLite rows are written by the row-writer thread as in production.
 */
export async function startIfcHarness(
  store: Store,
  overrides: Record<string, string> = {},
  dataDirIn?: string,
) {
  if (!fs.existsSync(WORKER_PATH) || !fs.existsSync(path.join(path.dirname(WORKER_PATH), 'row-writer.js'))) {
    buildServerBundle();
  }
  const dataDir = dataDirIn ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aec-ifc-'));
  const runtime = buildTestRuntime(store, { DATA_DIR: dataDir, ...overrides }, WORKER_PATH);
  const server: Server = await new Promise((resolve) => {
    const s = runtime.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...runtime,
    dataDir,
    baseUrl,
    uploadDir: path.join(dataDir, 'uploads'),
    modelDir: path.join(dataDir, 'models'),
    login: (prefix?: string) => registerAndLogin(runtime.app, prefix),
    async stop() {
      await runtime.processor.close();
      await runtime.usage.stop();
      await new Promise((r) => server.close(r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type IfcHarness = Awaited<ReturnType<typeof startIfcHarness>>;

/** Opens a store of the target on a fresh DATA_DIR and starts the harness on it. */
export async function openIfcHarness(target: StoreTarget, overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-ifc-'));
  const store = await target.open(dataDir);
  const h = await startIfcHarness(store, overrides, dataDir);
  return { store, h };
}

/**
 * A harness per test, for a describe block that calls this once: open() does what openIfcHarness does (in its own
 * steps, to hold the store before the harness starts), and the afterEach registered here stops the harness, then
 * disposes its store — whatever part of open() was reached, if any.
 */
export function useIfcHarness(target: StoreTarget) {
  let opened: { store?: Store; h?: IfcHarness } | undefined;
  afterEach(async () => {
    const { store, h } = opened ?? {};
    opened = undefined;
    await h?.stop();
    if (store) await target.dispose(store);
  });
  return {
    async open(overrides: Record<string, string> = {}) {
      if (opened) throw new Error('useIfcHarness opens one harness per test');
      opened = {};
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-ifc-'));
      const store = (opened.store = await target.open(dataDir));
      const h = (opened.h = await startIfcHarness(store, overrides, dataDir));
      return { store, h };
    },
  };
}

export function upload(
  h: IfcHarness,
  token: string,
  content: string | Buffer,
  fileName = 'model.ifc',
  wait = true,
) {
  return request(h.app)
    .post(`/api/ifc/odata/upload${wait ? '?wait=true' : ''}`)
    .set('Authorization', `Bearer ${token}`)
    .attach('ifcFile', Buffer.isBuffer(content) ? content : Buffer.from(content), fileName);
}

export interface SseEvent {
  event: string;
  id?: string;
  data: Record<string, unknown>;
}

/** Reads a job's event stream to its end (bounded by a timeout). */
export async function readEvents(
  h: IfcHarness,
  jobId: string,
  token: string,
  timeoutMs = 30_000,
): Promise<SseEvent[]> {
  const res = await fetch(`${h.baseUrl}/api/ifc/jobs/${jobId}/events`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 200) throw new Error(`events answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return text
    .split('\n\n')
    .map((block): SseEvent | null => {
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => l && !l.startsWith(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
      );
      return fields.data
        ? { event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data) }
        : null;
    })
    .filter((e): e is SseEvent => e !== null);
}

export const listUploadDir = (h: IfcHarness): string[] =>
  fs.existsSync(h.uploadDir) ? fs.readdirSync(h.uploadDir) : [];

/** An upload sent by hand (openUpload): the test decides when each piece of the file goes. */
export interface HandSentUpload {
  /** Sends the next bytes of the file. */
  write(piece: Buffer): void;
  /** Sends what follows the file and the closing boundary; resolves to the answer's status and JSON. */
  end(): Promise<{ status: number; body: Record<string, unknown> }>;
}

/**
 * Begins POSTing a multipart upload of `fileBytes` bytes, its length announced as a browser or curl announces it,
 * and sends the part's head at once: the server has accepted the session and opened the file when the first piece
 * arrives. `after` goes between the file and the closing boundary (a second part, say; `BOUNDARY` stands for the
 * boundary).
 */
export function openUpload(
  h: IfcHarness,
  token: string,
  fileBytes: number,
  { query = '', filename = 'model.ifc', after = '' } = {},
): HandSentUpload {
  const boundary = 'hand-sent-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="ifcFile"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`${after.replaceAll('BOUNDARY', boundary)}\r\n--${boundary}--\r\n`);
  const req = http.request(`${h.baseUrl}/api/ifc/odata/upload${query}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + fileBytes + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', async (res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    });
  });
  // Answered before end() is called (a refusal), the answer waits there; an error meanwhile is not unhandled.
  answer.catch(() => undefined);
  req.write(head);
  return {
    write: (piece) => void req.write(piece),
    end() {
      req.end(tail);
      return answer;
    },
  };
}
