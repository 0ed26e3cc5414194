import type { ProjectListResponse, ProjectSummary } from '@aec/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ProjectOption = Pick<
  ProjectSummary,
  'projectId' | 'name' | 'fileName' | 'status' | 'elementCount'
>;

export async function getMyProjects(): Promise<ProjectOption[]> {
  const { data } = await api.get<ProjectListResponse>('/api/ifc/projects');
  return data.projects;
}

export function useMyProjects() {
  return useQuery({ queryKey: ['projects'], queryFn: getMyProjects, staleTime: 10_000 });
}
