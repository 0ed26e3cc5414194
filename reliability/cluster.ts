import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { startApiProcess } from '../tools/test-support/api-process';
import { ROOT, tempDir, mongoUri, parseSseBlock, type ApiProcess, type SseEntry } from './server-process';

/**
 * Issue 16's multi-process harness: N `ROLE=api` and M `ROLE=worker` processes of the built server on one
 * MongoDB-compatible server (FerretDB in CI), each on 127.0.0.1 with a free port and its own DATA_DIR (as if on its
 * own machine), sharing only the database. Everything is killed by `stop()`.
 */
export interface ClusterInstance extends ApiProcess {
  role: 'api' | 'worker';
  id: string;
  dataDir: string;
}

export interface Cluster {
  apis: ClusterInstance[];
  workers: ClusterInstance[];
  /** The database name the instances share (under TEST_MONGODB_URI). */
  dbName: string;
  uri: string;
  stop(): Promise<void>;
}

export const clusterSkipReason = mongoUri
  ? null
  : 'no MongoDB-compatible server: set TEST_MONGODB_URI (e.g. `scripts/ferretdb.sh start <dir>`)';

export async function startCluster(o: {
  apis: number;
  workers: number;
  name: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const dbName = `aec_${o.name}_${Date.now()}`;
  const uri = `${(mongoUri ?? '').replace(/\/?$/, '/')}${dbName}`;
  const started: ClusterInstance[] = [];
  const start = async (role: 'api' | 'worker', n: number) => {
    const id = `${role}-${n}`;
    const dataDir = tempDir(`aec-${id}-`);
    // The first instance on a fresh database creates its indexes, which FerretDB on a loaded machine takes a while for.
    const api = await startApiProcess({
      server: path.join(ROOT, 'apps/api/dist/server.js'),
      env: {
        JWT_SECRET: 'reliability-secret-0123456789abcdefghij',
        ROLE: role,
        INSTANCE_ID: id,
        DATA_DIR: dataDir,
        MONGODB_URI: uri,
        MAX_UPLOAD_MB: '200',
        ...o.env,
      },
      timeoutMs: 120_000,
    });
    const instance: ClusterInstance = {
      child: api.child,
      base: api.baseUrl,
      log: api.output,
      kill: async (signal: NodeJS.Signals = 'SIGTERM') => {
        await api.stop(signal);
      },
      role,
      id,
      dataDir,
    };
    started.push(instance);
    return instance;
  };
  const stop = async () => {
    await Promise.all(started.map((i) => i.kill('SIGKILL')));
    for (const i of started) fs.rmSync(i.dataDir, { recursive: true, force: true });
  };
  try {
    // One after another: several instances starting together is itself tested (start-up locks), but the suites
    // want every instance up before they begin; the first one creates the indexes.
    const apis = [];
    for (let n = 1; n <= o.apis; n++) apis.push(await start('api', n));
    const workers = await Promise.all(Array.from({ length: o.workers }, (_, n) => start('worker', n + 1)));
    return { apis, workers, dbName, uri, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What an instance says about itself at /health (issue 16). */
export async function health(
  instance: ClusterInstance,
): Promise<{ role: string; instanceId: string; jobs?: string[] }> {
  return (await fetch(`${instance.base}/health`)).json() as Promise<{
    role: string;
    instanceId: string;
    jobs?: string[];
  }>;
}

/**
 * Polls the workers' /health every `everyMs` and records which worker was seen holding which job, so a suite can
 * tell how the work was split (and that no job was ever held by two workers).
 */
export function watchHolders(workers: ClusterInstance[], everyMs = 100) {
  const holders = new Map<string, Set<string>>();
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        workers.map(async (w) => {
          const h = await health(w).catch(() => null);
          for (const job of h?.jobs ?? []) {
            if (!holders.has(job)) holders.set(job, new Set());
            holders.get(job)!.add(h!.instanceId);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    holders,
    async stop() {
      running = false;
      await loop;
      return holders;
    },
  };
}

/** Reads a job's Server-Sent Events until the stream ends (bounded by `timeoutMs`). */
export async function readJobEvents(
  base: string,
  jobId: string,
  token: string,
  timeoutMs = 120_000,
): Promise<SseEntry[]> {
  const res = await fetch(`${base}/api/ifc/jobs/${jobId}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 200) throw new Error(`events answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return text
    .split('\n\n')
    .map(parseSseBlock)
    .filter((e): e is SseEntry => e !== null);
}

/**
 * The native MongoDB driver (through the API's mongoose dependency) for the checks only the database can answer:
 * no job, no GridFS file left behind.
 */
interface MongoClientLike {
  connect(): Promise<unknown>;
  close(): Promise<void>;
  db(name: string): {
    collection(name: string): {
      countDocuments(filter?: Record<string, unknown>): Promise<number>;
      find(filter?: Record<string, unknown>): { toArray(): Promise<Record<string, unknown>[]> };
    };
    listCollections(): { toArray(): Promise<{ name: string }[]> };
  };
}
export async function openDatabase(cluster: Cluster) {
  const load = createRequire(path.join(ROOT, 'apps/api/package.json'));
  const { mongo } = load('mongoose') as { mongo: { MongoClient: new (uri: string) => MongoClientLike } };
  const client = new mongo.MongoClient(cluster.uri);
  await client.connect();
  const db = client.db(cluster.dbName);
  return {
    db,
    /** Documents in a collection, 0 when it does not exist (yet). */
    async count(collection: string, filter: Record<string, unknown> = {}) {
      const names = (await db.listCollections().toArray()).map((c) => c.name);
      return names.includes(collection) ? db.collection(collection).countDocuments(filter) : 0;
    },
    close: () => client.close(),
  };
}
