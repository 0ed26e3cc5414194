import { z } from 'zod';
import { projectStatusSchema } from './projects';

/** A job goes through the same states as the project it builds. */
export const jobStatusSchema = projectStatusSchema;
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** 202 answer of POST /api/ifc/odata/upload: the background job and where to follow it. */
export const uploadAcceptedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  projectId: z.string(),
  jobId: z.string(),
  status: jobStatusSchema,
  eventsUrl: z.string(),
  odataUrl: z.string(),
  tableauUrl: z.string(),
});
export type UploadAccepted = z.infer<typeof uploadAcceptedSchema>;

/** The five Tableau steps of a finished upload: the Tableau URL for the element table, IFCElementsWide for every property. */
export const tableauInstructionsSchema = z.object({
  step1: z.string(),
  step2: z.string(),
  step3: z.string(),
  step4: z.string(),
  step5: z.string(),
});
export type TableauInstructions = z.infer<typeof tableauInstructionsSchema>;

/** 200 answer of POST /api/ifc/odata/upload?wait=true (and of create-sample / create-demo): the finished project. */
export const uploadResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  projectId: z.string(),
  jobId: z.string().nullable(),
  odataUrl: z.string(),
  tableauUrl: z.string(),
  elementCount: z.number().int().nonnegative(),
  processingInfo: z.object({
    realIFC: z.boolean(),
    fallbackUsed: z.boolean(),
    schema: z.string().nullable(),
    processingMs: z.number().nullable(),
    countsByType: z.record(z.string(), z.number()),
  }),
  tableauInstructions: tableauInstructionsSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** GET /api/ifc/jobs/:jobId and the answer of POST …/pause|resume|cancel. */
export const jobSummarySchema = z.object({
  jobId: z.string(),
  projectId: z.string(),
  status: jobStatusSchema,
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** The model and version the job builds (absent for jobs from before models existed). */
  modelId: z.string().optional(),
  versionNumber: z.number().int().positive().optional(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** A job in one of these states has ended: pause, resume and cancel answer 409. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['ready', 'failed', 'cancelled'];

/**
 * GET /api/ifc/processing-rate: how fast this server processes models, from its recent finished jobs (`measured`)
 * or, before there are enough, from the documented bench figures (`default`). The connector's Preview turns a
 * file's scanned row count into a time estimate with it.
 */
export const processingRateSchema = z.object({
  rowsPerSecond: z.number().positive(),
  startupMs: z.number().nonnegative(),
  jobs: z.number().int().nonnegative(),
  source: z.enum(['measured', 'default']),
});
export type ProcessingRate = z.infer<typeof processingRateSchema>;
