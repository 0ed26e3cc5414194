import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ProjectOption = {
  projectId: string;
  name: string;
  fileName: string;
  status: string;
  elementCount: number;
};

export async function getMyProjects(): Promise<ProjectOption[]> {
  const { data } = await api.get<{ projects: ProjectOption[] }>('/api/ifc/projects');
  return data.projects;
}

export function useMyProjects() {
  return useQuery({ queryKey: ['projects'], queryFn: getMyProjects, staleTime: 10_000 });
}
