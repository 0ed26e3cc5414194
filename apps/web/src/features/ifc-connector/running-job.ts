import type { JobStatus, ProjectModelsResponse, ProjectSummary } from '@aec/contracts';

/** A job in one of these states is still the server's work: its progress can be followed, paused or cancelled. */
const RUNNING_STATUSES: ReadonlySet<JobStatus> = new Set(['queued', 'processing', 'paused']);

export const isRunningStatus = (status: JobStatus): boolean => RUNNING_STATUSES.has(status);

/** A run of the connector found on the server again (after a reload, or on coming back to the page). */
export type RunningJob = { jobId: string; projectId: string; fileName: string; paused: boolean };

/**
 * The user's projects that may hold a running job, to look into in this order: the project this tab last uploaded
 * to first (a new version of a published project leaves the project's own status `ready`), then every project still
 * being built, newest first. Only the user's own list is read, so a remembered id of anyone else's project is ignored.
 */
export function projectsToSearch(
  projects: readonly ProjectSummary[],
  rememberedProjectId: string | null,
): string[] {
  const remembered = projects.filter((p) => p.projectId === rememberedProjectId);
  const building = projects
    .filter((p) => p.projectId !== rememberedProjectId && isRunningStatus(p.status))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...remembered, ...building].map((p) => p.projectId);
}

/** The newest version of the project's history whose job is still running, with that job's id. */
export function runningVersion(
  history: ProjectModelsResponse,
): { jobId: string; fileName: string; uploadedAt: string } | null {
  const running = history.models
    .flatMap((model) => model.versions)
    .filter((version) => version.jobId !== null && isRunningStatus(version.status))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  const newest = running[0];
  return newest ? { jobId: newest.jobId!, fileName: newest.fileName, uploadedAt: newest.uploadedAt } : null;
}
