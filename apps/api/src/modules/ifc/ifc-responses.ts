import type {
  JobSummary,
  ProjectModelRef,
  ProjectSummary,
  TableauInstructions,
  UploadResult,
  WideSetState,
} from '@aec/contracts';
import type { JobRecord, ProjectRecord } from '../../store/types';

/** Where a project's data can be read: the per-project OData root, and the flat set Tableau reads. */
export function feedUrls(origin: string, projectId: string) {
  const filter = encodeURIComponent(`ProjectId eq '${projectId}'`);
  return {
    odataUrl: `${origin}/api/ifc/odata/projects/${encodeURIComponent(projectId)}/`,
    tableauUrl: `${origin}/api/ifc/odata/IFCElements?$filter=${filter}`,
  };
}

/**
 * Tableau's steps: the Tableau URL gives the element table; every property as a column of its own comes from the
 * per-project root's IFCElementsWide, connected to as a second data source.
 */
export function tableauInstructions(urls: { tableauUrl: string; odataUrl: string }): TableauInstructions {
  return {
    step1: 'Open Tableau Desktop and choose Connect → To a Server → OData.',
    step2: `Paste the project's Tableau URL: ${urls.tableauUrl}`,
    step3:
      'Choose "Username and Password" and enter your account username and a feed token (create one in Settings).',
    step4:
      'Sign in and drag the IFCElements table onto the canvas: one row per element with its type, storey, material and quantities; group by IfcType or Storey, sum NetVolume or GrossArea.',
    step5: `For every property and quantity as a column of its own, connect again with the project's root and its IFCElementsWide table: ${urls.odataUrl}IFCElementsWide`,
  };
}

/** What a project summary says about the project's models (issue 15). */
export interface ProjectModelsInfo {
  models: ProjectModelRef[];
  retention: number | null;
}

export function projectSummary(
  project: ProjectRecord,
  modelsInfo: ProjectModelsInfo,
  latestJob?: JobRecord | null,
  wideSet?: WideSetState | null,
): ProjectSummary {
  return {
    projectId: project.id,
    name: project.name,
    fileName: project.fileName,
    status: project.status,
    schema: project.schema,
    fileSize: project.fileSize,
    elementCount: project.elementCount,
    propertyCount: project.propertyCount,
    spatialCount: project.spatialCount,
    countsByType: project.countsByType,
    countsByStorey: project.countsByStorey,
    isPublic: project.isPublic,
    error: project.error,
    createdAt: project.createdAt,
    processedAt: project.processedAt,
    ...(latestJob ? { jobId: latestJob.id, processingMs: latestJob.durationMs } : {}),
    ...(wideSet !== undefined ? { wideSet } : {}),
    models: modelsInfo.models,
    retention: modelsInfo.retention,
  };
}

export function jobSummary(
  job: JobRecord,
  target?: { modelId: string; versionNumber: number } | null,
): JobSummary {
  return {
    jobId: job.id,
    projectId: job.projectId,
    status: job.status,
    error: job.error,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    durationMs: job.durationMs,
    ...(target ? { modelId: target.modelId, versionNumber: target.versionNumber } : {}),
  };
}

/** The spec's full upload response (§3) for a finished job. */
export function uploadResult(
  origin: string,
  project: ProjectRecord,
  job: JobRecord | null,
  demo = false,
): UploadResult {
  const urls = feedUrls(origin, project.id);
  return {
    success: true,
    message: demo
      ? `Demo project ready: ${project.elementCount} elements extracted from the generated sample building`
      : `IFC file processed successfully: ${project.elementCount} elements extracted`,
    projectId: project.id,
    jobId: job?.id ?? null,
    ...urls,
    elementCount: project.elementCount,
    processingInfo: {
      realIFC: true,
      fallbackUsed: false,
      schema: project.schema,
      processingMs: job?.durationMs ?? null,
      countsByType: project.countsByType,
    },
    tableauInstructions: tableauInstructions(urls),
  };
}
