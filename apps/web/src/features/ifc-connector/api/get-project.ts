import { api } from '@/lib/api-client';
import type { ProjectSummary } from '../types';

export async function getProject(projectId: string): Promise<ProjectSummary> {
  const { data } = await api.get<ProjectSummary>(`/api/ifc/projects/${encodeURIComponent(projectId)}`);
  return data;
}
