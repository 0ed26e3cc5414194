import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RestProject } from '../types';

export async function getProjects(): Promise<RestProject[]> {
  const { data } = await api.get<{ projects: RestProject[] }>('/api/ifc/projects');
  return data.projects;
}

export function useRestProjects() {
  return useQuery({ queryKey: ['rest-demo', 'projects'], queryFn: getProjects, staleTime: 10_000 });
}
