import { formatDateTime } from '@/lib/format';
import type { Project } from './types';

/**
 * The time a project row shows. The projects API gives no per-version upload time, only when the project was created
 * and when its feed last changed (processedAt: the latest version published): the row says which one it shows.
 */
export function projectTimeLabel(project: Pick<Project, 'createdAt' | 'processedAt'>): string {
  return project.processedAt
    ? `updated ${formatDateTime(project.processedAt)}`
    : `created ${formatDateTime(project.createdAt)}`;
}
