import { useSearchParams } from 'react-router';
import type { Project } from '@/features/projects/types';

/**
 * The project a one-project page shows, kept in ?project= so a report or chart can be linked and
 * survives a reload; defaults to the newest ready project.
 */
export function useSelectedProject(projects: Project[] | undefined) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('project');
  const list = projects ?? [];
  const ready = list
    .filter((p) => p.status === 'ready')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const selected = list.find((p) => p.projectId === requested) ?? ready[0] ?? list[0] ?? null;
  const select = (projectId: string) => setParams({ project: projectId }, { replace: true });
  return { selected, select };
}
