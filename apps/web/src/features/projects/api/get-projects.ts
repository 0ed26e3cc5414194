import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Project } from '../types';

export async function getProjects(): Promise<Project[]> {
  const { data } = await api.get<{ projects: Project[] }>('/api/ifc/projects');
  return data.projects;
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: getProjects, staleTime: 10_000 });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
