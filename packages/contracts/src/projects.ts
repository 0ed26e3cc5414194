import { z } from 'zod';

export const projectStatusSchema = z.enum(['queued', 'processing', 'paused', 'ready', 'failed', 'cancelled']);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/**
 * The states in which a job is still the server's work (followed, paused or cancelled), mirrored on the version it
 * builds and on a project not yet published.
 */
export const RUNNING_STATUSES = [
  'queued',
  'processing',
  'paused',
] as const satisfies readonly ProjectStatus[];
const running: ReadonlySet<ProjectStatus> = new Set(RUNNING_STATUSES);
export const isRunningStatus = (status: ProjectStatus): boolean => running.has(status);

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

/** Versions kept per model when set: the rows of older versions are removed (null = keep all). */
export const RETENTION_MAX = 100;
const retentionMessage = `Retention is a whole number of versions from 1 to ${RETENTION_MAX}, or null to keep every version`;
export const retentionSchema = z
  .number({ error: retentionMessage })
  .int(retentionMessage)
  .min(1, retentionMessage)
  .max(RETENTION_MAX, retentionMessage)
  .nullable();

/** A model of a project as the project summary lists it (issue 15: a project holds models). */
export const projectModelRefSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  /** The number of the version the feed serves; null until one is published. */
  latestVersionNumber: z.number().int().positive().nullable(),
  /** The file of the latest published version (the latest upload while none is published). */
  fileName: z.string(),
  /**
   * The number of the model's newest version still being processed (queued, processing or paused), null when none
   * is: how a connector opened elsewhere finds an upload of a new version, which leaves the project `ready`.
   */
  runningVersionNumber: z.number().int().positive().nullable(),
});
export type ProjectModelRef = z.infer<typeof projectModelRefSchema>;

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
  /** Its models in creation order; the feed serves each one's latest version. */
  models: z.array(projectModelRefSchema),
  retention: retentionSchema,
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListResponseSchema = z.object({ projects: z.array(projectSummarySchema) });
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;
