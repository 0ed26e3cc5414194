import type { ProjectSummary } from '@aec/contracts';

/** One project as GET /api/ifc/projects returns it (the API's projectSummary). */
export type Project = ProjectSummary;
