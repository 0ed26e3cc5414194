import type { ChangeSummaryDto, ModelDto, ProjectModelsResponse, VersionDto } from '@aec/contracts';

/** Histories for the models feature's tests, shaped as GET …/models answers them. Nothing here runs in the app. */
export const versionFixture = (over: Partial<VersionDto> = {}): VersionDto => ({
  number: 1,
  fileName: 'Tower.ifc',
  fileSize: 1_048_576,
  uploadedBy: 'ada',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  status: 'ready',
  error: null,
  schema: 'IFC4',
  elementCount: 120,
  propertyCount: 900,
  spatialCount: 6,
  processedAt: '2026-11-20T10:00:03.000Z',
  processingMs: 3100,
  isLatest: true,
  retained: true,
  jobId: 'job-1',
  warnings: [],
  changes: null,
  ...over,
});

export const modelFixture = (over: Partial<ModelDto> = {}): ModelDto => ({
  modelId: 'm1',
  name: 'Architecture',
  createdAt: '2026-11-20T10:00:00.000Z',
  latestVersionNumber: 1,
  versions: [versionFixture()],
  ...over,
});

export const historyFixture = (
  models: ModelDto[],
  retention: number | null = null,
): ProjectModelsResponse => ({
  projectId: 'p1',
  retention,
  models,
});

/** A ready comparison with version 1 that found nothing, to override field by field. */
export const changesFixture = (over: Partial<ChangeSummaryDto> = {}): ChangeSummaryDto => ({
  status: 'ready',
  previousVersionNumber: 1,
  added: 0,
  removed: 0,
  modified: 0,
  propertyValuesChanged: 0,
  commonElements: 0,
  byType: [],
  byStorey: [],
  error: null,
  ...over,
});
