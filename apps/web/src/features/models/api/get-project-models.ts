import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProjectModels } from '@/lib/api/project-models';
import { projectModelsQueryKey } from '@/lib/api/projects';
import { needsRefresh } from '../history-refresh';

export { getProjectModels };

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
