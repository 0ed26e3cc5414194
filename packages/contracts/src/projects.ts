import { z } from 'zod';

export const projectStatusSchema = z.enum(['queued', 'processing', 'paused', 'ready', 'failed', 'cancelled']);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/**
 * The per-project wide element set (IFCElementsWide), built after the model is published: `preparing` (with the
 * attempts that failed so far and the last reason), `ready`, or `failed` once every attempt failed.
 */
export const wideSetStateSchema = z.object({
  status: z.enum(['preparing', 'ready', 'failed']),
  attempts: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type WideSetState = z.infer<typeof wideSetStateSchema>;

/** One project as GET /api/ifc/projects and GET /api/ifc/projects/:projectId answer it. */
export const projectSummarySchema = z.object({
  projectId: z.string(),
  name: z.string(),
  fileName: z.string(),
  status: projectStatusSchema,
  schema: z.string().nullable(),
  fileSize: z.number(),
  elementCount: z.number(),
  propertyCount: z.number(),
  spatialCount: z.number(),
  countsByType: z.record(z.string(), z.number()),
  countsByStorey: z.record(z.string(), z.number()),
  isPublic: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  jobId: z.string().optional(),
  processingMs: z.number().nullable().optional(),
  /** Null until a version is published. */
  wideSet: wideSetStateSchema.nullable().optional(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListResponseSchema = z.object({ projects: z.array(projectSummarySchema) });
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;
