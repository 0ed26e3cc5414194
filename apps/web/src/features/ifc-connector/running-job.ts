import { isRunningStatus, type ProjectModelsResponse, type ProjectSummary } from '@aec/contracts';

/** A run of the connector found on the server again (after a reload, or on coming back to the page). */
export type RunningJob = { jobId: string; projectId: string; fileName: string; paused: boolean };

/** A project still being built, or one of whose models has a version being processed (the project stays `ready`). */
const mayHoldRun = (p: ProjectSummary) =>
  isRunningStatus(p.status) || p.models.some((m) => m.runningVersionNumber !== null);

/**
 * The user's projects that may hold a running job, to look into in this order: the project this tab last uploaded
 * to first, then every other project still being built or processing a new version of a model (uploaded from
 * another tab or device), newest first. Only the user's own list is read, so a remembered id of anyone else's
 * project is ignored.
 */
export function projectsToSearch(
  projects: readonly ProjectSummary[],
  rememberedProjectId: string | null,
): string[] {
  const remembered = projects.filter((p) => p.projectId === rememberedProjectId);
  const building = projects
    .filter((p) => p.projectId !== rememberedProjectId && mayHoldRun(p))
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
