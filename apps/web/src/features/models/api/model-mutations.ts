import { useQueryClient } from '@tanstack/react-query';
import { projectModelsQueryKey, projectsQueryKey } from '@/lib/api/projects';

/**
 * After any change to a project's models: its history, the project (aggregates, stamp) and the user's project list
 * (Data Sources, the connector's choice of model) are read again; the platform figures count elements too.
 */
export function useRefreshProject() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectModelsQueryKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['stats'] }),
    ]);
}
