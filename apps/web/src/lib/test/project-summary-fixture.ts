import type { ProjectSummary } from '@aec/contracts';

/** Tests only: a ready project as GET /api/ifc/projects/:projectId answers it, with `overrides` on top. */
export function projectSummaryFixture(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    projectId: 'p 1',
    name: 'Tower',
    fileName: 'Tower.ifc',
    status: 'ready',
    schema: 'IFC4',
    fileSize: 10,
    elementCount: 1,
    propertyCount: 1,
    spatialCount: 1,
    countsByType: {},
    countsByStorey: {},
    isPublic: false,
    error: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    processedAt: null,
    models: [],
    retention: null,
    ...overrides,
  };
}
