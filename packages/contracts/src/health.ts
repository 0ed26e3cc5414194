import { z } from 'zod';

export const databaseStatusSchema = z.object({
  kind: z.enum(['sqlite', 'mongodb']),
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  version: z.string(),
  node: z.string(),
  memory: z.object({ rssMb: z.number(), heapUsedMb: z.number() }),
  database: databaseStatusSchema,
  timestamp: z.string(),
  /** Issue 16: what this instance does (all = HTTP and processing, api = HTTP only, worker = processing only). */
  role: z.enum(['all', 'api', 'worker']),
  /** The instance's name (INSTANCE_ID): the one job leases carry. */
  instanceId: z.string(),
  /** The ids of the jobs this instance is processing now; absent on an api instance, which processes none. */
  jobs: z.array(z.string()).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
