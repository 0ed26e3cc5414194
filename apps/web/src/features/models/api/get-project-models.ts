import { projectModelsResponseSchema, type ProjectModelsResponse } from '@aec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { modelsPath } from '@/lib/api/model-paths';
import { projectModelsQueryKey } from '@/lib/api/projects';
import { needsRefresh } from '../history-refresh';

/** GET /api/ifc/projects/:projectId/models: the project's models, each with its versions newest first. */
export async function getProjectModels(projectId: string): Promise<ProjectModelsResponse> {
  const { data } = await api.get<unknown>(modelsPath(projectId));
  return projectModelsResponseSchema.parse(data);
}

/** While a version is processing or its changes are being compared, the history looks again every 2 s. */
export const HISTORY_POLL_MS = 2_000;

export const projectModelsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectModelsQueryKey(projectId),
    queryFn: () => getProjectModels(projectId),
    staleTime: 5_000,
    refetchInterval: (query) =>
      query.state.data && needsRefresh(query.state.data) ? HISTORY_POLL_MS : false,
  });

export function useProjectModels(projectId: string) {
  return useQuery(projectModelsQueryOptions(projectId));
}
