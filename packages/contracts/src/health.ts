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
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
