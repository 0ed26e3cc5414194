import { Router, type RequestHandler } from 'express';
import type { DatabaseStatus, HealthResponse } from '@aec/contracts';
import type { Store } from '../../store/types';

const VERSION = '0.1.0';
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function databaseStatus(store: Store): Promise<DatabaseStatus> {
  const started = performance.now();
  try {
    await store.ping();
    return {
      kind: store.kind,
      status: 'up',
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    };
  } catch (err) {
    return { kind: store.kind, status: 'down', latencyMs: null, error: (err as Error).message };
  }
}

export interface InstanceIdentity {
  role: HealthResponse['role'];
  instanceId: string;
  /** The jobs this instance holds; absent when it processes none (ROLE=api). */
  heldJobs?: () => string[];
}

/**
 * GET /health and GET /mongo/health: process and database status, and which instance answered (role, id, held
 * jobs) so an operator behind a proxy can tell the instances apart; 503 when the database is unreachable.
 */
export function healthRouter(store: Store, instance: InstanceIdentity): Router {
  const router = Router();
  const handler: RequestHandler = async (_req, res) => {
    const database = await databaseStatus(store);
    const memory = process.memoryUsage();
    const body: HealthResponse = {
      status: database.status === 'up' ? 'ok' : 'degraded',
      uptimeSeconds: Math.round(process.uptime()),
      version: VERSION,
      node: process.version,
      memory: { rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed) },
      database,
      timestamp: new Date().toISOString(),
      role: instance.role,
      instanceId: instance.instanceId,
      ...(instance.heldJobs ? { jobs: instance.heldJobs() } : {}),
    };
    res
      .set('Cache-Control', 'no-store')
      .status(database.status === 'up' ? 200 : 503)
      .json(body);
  };
  router.get('/health', handler);
  router.get('/mongo/health', handler);
  return router;
}
