import {
  projectListResponseSchema,
  projectSettingsRequestSchema,
  type ProjectSettingsRequest,
  projectSummarySchema,
  type ProjectSummary,
} from '@aec/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's projects: GET /api/ifc/projects, GET, PATCH and DELETE /api/ifc/projects/:projectId. One fetcher
 * each, shared by every screen that lists or picks a project, so they share one cache entry and one shape.
 */
export const projectsQueryKey = ['projects'] as const;
/** A project's model history (features/models reads it); here so a project change can refresh it too. */
export const projectModelsQueryKey = (projectId: string) => ['project-models', projectId] as const;

const projectPath = (projectId: string) => `/api/ifc/projects/${encodeURIComponent(projectId)}`;

export async function getProjects(): Promise<ProjectSummary[]> {
  const { data } = await api.get<unknown>('/api/ifc/projects');
  return projectListResponseSchema.parse(data).projects;
}

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectsQueryKey,
    queryFn: getProjects,
    staleTime: 10_000,
    // A wide set being prepared is ready (or failed) seconds later: look again until none is.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.wideSet?.status === 'preparing') ? 5_000 : false,
  });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}

export async function getProject(projectId: string): Promise<ProjectSummary> {
  const { data } = await api.get<unknown>(projectPath(projectId));
  return projectSummarySchema.parse(data);
}

/** Under the list's key, so whatever refreshes the list (an upload, a deletion) refreshes the project too. */
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectsQueryKey, projectId],
    queryFn: () => getProject(projectId),
    staleTime: 10_000,
  });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}

export async function deleteProject(projectId: string): Promise<void> {
  await api.delete(projectPath(projectId));
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // Stats count projects and elements too, so they are refetched with the list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]),
  });
}

/**
 * PATCH /api/ifc/projects/:projectId: a new name (1–120 characters after trim, no control characters), a retention
 * setting (null keeps every version, N the last N per model, 1–100), or both; checked with the server's contract first.
 */
export async function updateProjectSettings({
  projectId,
  ...settings
}: { projectId: string } & ProjectSettingsRequest): Promise<ProjectSummary> {
  const body = projectSettingsRequestSchema.parse(settings);
  const { data } = await api.patch<unknown>(projectPath(projectId), body);
  return projectSummarySchema.parse(data);
}

export function useUpdateProjectSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProjectSettings,
    // The name shows in the list (Data Sources, the connector's choice of project), on the project's page and in its
    // title (the list's key holds the project's own query too); retention prunes older versions' rows, so the
    // history (retained flags) changes with the project: the models section is read again with it.
    onSuccess: (_project, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
        queryClient.invalidateQueries({ queryKey: projectModelsQueryKey(input.projectId) }),
      ]),
  });
}
