import { projectModelsResponseSchema, type ProjectModelsResponse } from '@aec/contracts';
import { api } from '@/lib/api-client';
import { modelsPath } from '@/lib/api/model-paths';

/**
 * GET /api/ifc/projects/:projectId/models: the project's models, each with its versions newest first. Shared: the
 * project page shows the history, and the connector finds a version still processing in it after a reload.
 */
export async function getProjectModels(projectId: string): Promise<ProjectModelsResponse> {
  const { data } = await api.get<unknown>(modelsPath(projectId));
  return projectModelsResponseSchema.parse(data);
}
