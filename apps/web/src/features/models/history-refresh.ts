import type { ProjectModelsResponse } from '@aec/contracts';
import { isVersionRunning } from './version-facts';

/**
 * Whether the history will change by itself: a version still processing, or a comparison still pending. Only then
 * does the page poll; a settled history costs no requests.
 */
export function needsRefresh(history: ProjectModelsResponse): boolean {
  return history.models.some((model) =>
    model.versions.some((version) => isVersionRunning(version) || version.changes?.status === 'pending'),
  );
}
