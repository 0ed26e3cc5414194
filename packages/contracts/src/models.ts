import { z } from 'zod';
import { uploadAcceptedSchema, uploadResultSchema } from './ifc-jobs';
import { projectStatusSchema, retentionSchema } from './projects';
import { hasControlCharacters, showsSomething } from './plain-text';

/*
 * Living models (issue 15): a project holds models, a model holds numbered versions. These are the wire shapes of
 * the routes under /api/ifc/projects/:projectId/models and of a project's retention setting.
 */

/** Elements added, removed and modified between a version and its model's previous retained version. */
export const changeCountsSchema = z.object({
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  modified: z.number().int().nonnegative(),
});
export type ChangeCounts = z.infer<typeof changeCountsSchema>;

/**
 * What changed in a version, by GlobalId. `pending` until the post-publish step has compared it (the version is
 * already served meanwhile), `failed` with `error` once every attempt failed. Breakdowns are arrays, largest first,
 * so a chart and a table read them as they are; `storey` '' means elements without a storey.
 */
export const changeSummarySchema = changeCountsSchema.extend({
  status: z.enum(['pending', 'ready', 'failed']),
  previousVersionNumber: z.number().int().positive().nullable(),
  propertyValuesChanged: z.number().int().nonnegative(),
  /** GlobalIds present in both versions (0 = the file is probably not a revision of the same model). */
  commonElements: z.number().int().nonnegative(),
  byType: z.array(changeCountsSchema.extend({ ifcType: z.string() })),
  byStorey: z.array(changeCountsSchema.extend({ storey: z.string() })),
  error: z.string().nullable(),
});
export type ChangeSummaryDto = z.infer<typeof changeSummarySchema>;

/** One version of a model in its history. */
export const versionDtoSchema = z.object({
  number: z.number().int().positive(),
  fileName: z.string(),
  fileSize: z.number().nonnegative(),
  /** The uploader's username; null for versions without one (the demo, or an account since deleted). */
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  status: projectStatusSchema,
  error: z.string().nullable(),
  schema: z.string().nullable(),
  elementCount: z.number().int().nonnegative(),
  propertyCount: z.number().int().nonnegative(),
  spatialCount: z.number().int().nonnegative(),
  processedAt: z.string().nullable(),
  processingMs: z.number().nullable(),
  /** The version the feed serves for this model. */
  isLatest: z.boolean(),
  /** False once the project's retention setting removed its rows: it stays listed, cannot be rolled back to. */
  retained: z.boolean(),
  /** The job that processed it (its log); null when none is known. */
  jobId: z.string().nullable(),
  /** e.g. "Schema changed from IFC2X3 to IFC4", "0 elements in common with version 1". */
  warnings: z.array(z.string()),
  /** Null for a model's first version. */
  changes: changeSummarySchema.nullable(),
});
export type VersionDto = z.infer<typeof versionDtoSchema>;

/** A model with its history, newest version first. */
export const modelDtoSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The number of the version the feed serves; null until one is published. */
  latestVersionNumber: z.number().int().positive().nullable(),
  versions: z.array(versionDtoSchema),
});
export type ModelDto = z.infer<typeof modelDtoSchema>;

/** GET /api/ifc/projects/:projectId/models. Models in creation order. */
export const projectModelsResponseSchema = z.object({
  projectId: z.string(),
  retention: retentionSchema,
  models: z.array(modelDtoSchema),
});
export type ProjectModelsResponse = z.infer<typeof projectModelsResponseSchema>;

/** Which model and version an upload to a project became. */
const versionTarget = {
  modelId: z.string(),
  versionNumber: z.number().int().positive(),
};

/** 202 answer of POST …/models and POST …/models/:modelId/versions. */
export const versionUploadAcceptedSchema = uploadAcceptedSchema.extend(versionTarget);
export type VersionUploadAccepted = z.infer<typeof versionUploadAcceptedSchema>;

/** 200 answer of the same routes with ?wait=true: the finished version. */
export const versionUploadResultSchema = uploadResultSchema.extend(versionTarget);
export type VersionUploadResult = z.infer<typeof versionUploadResultSchema>;

export const MODEL_NAME_MAX = 120;

/** A model's or a project's name: 1–120 characters once trimmed, none of them a control character. */
const displayNameSchema = (noun: 'model' | 'project') =>
  z
    // missing or not text: the same sentence the empty name gets, not the validator's own wording
    .string({
      error: (issue) => (issue.input === undefined ? `Enter a ${noun} name` : `A ${noun} name must be text`),
    })
    .trim()
    .min(1, `Enter a ${noun} name`)
    .max(MODEL_NAME_MAX, `A ${noun} name has at most ${MODEL_NAME_MAX} characters`)
    .refine(
      (name) => !hasControlCharacters(name),
      `A ${noun} name cannot hold control characters (tabs, line breaks, text-direction controls)`,
    )
    // only zero-width or other invisible characters: no name either (the empty one is min(1)'s)
    .refine((name) => name.length === 0 || showsSomething(name), `Enter a ${noun} name`);

export const modelNameSchema = displayNameSchema('model');
/** A project is named after its first upload's file; PATCH /api/ifc/projects/:projectId `{ name }` renames it. */
export const projectNameSchema = displayNameSchema('project');

/** PATCH /api/ifc/projects/:projectId/models/:modelId (answers the ModelDto). */
export const renameModelRequestSchema = z.object({ name: modelNameSchema });
export type RenameModelRequest = z.infer<typeof renameModelRequestSchema>;

/** PATCH /api/ifc/projects/:projectId (answers the ProjectSummary): a new name, a retention setting, or both. */
export const projectSettingsRequestSchema = z
  .object({ name: projectNameSchema.optional(), retention: retentionSchema.optional() })
  .refine((body) => body.name !== undefined || body.retention !== undefined, {
    message: 'Send a project name, a retention setting, or both',
  });
export type ProjectSettingsRequest = z.infer<typeof projectSettingsRequestSchema>;

/** The optional text field `name` of POST …/models (multipart): defaults to the file name without .ifc. */
export const addModelFieldsSchema = z.object({ name: modelNameSchema.optional() });
export type AddModelFields = z.infer<typeof addModelFieldsSchema>;
