import { isRunningStatus } from '@aec/contracts';
import { getProjectModels } from '@/lib/api/project-models';
import { getProjects } from '@/lib/api/projects';
import { projectsToSearch, runningVersion, type RunningJob } from '../running-job';
import { getJob } from './get-job';

/**
 * The user's upload the server is still processing, if any: their projects (GET /api/ifc/projects), the history of
 * those that may hold it (…/models: a running version names its job), and the job itself (GET /api/ifc/jobs/:jobId)
 * for its status now. Null when nothing runs; a project or job that went away meanwhile is skipped.
 */
export async function findRunningJob(rememberedProjectId: string | null): Promise<RunningJob | null> {
  const projects = await getProjects();
  for (const projectId of projectsToSearch(projects, rememberedProjectId)) {
    const history = await getProjectModels(projectId).catch(() => null);
    const version = history ? runningVersion(history) : null;
    if (!version) continue;
    const job = await getJob(version.jobId).catch(() => null);
    if (job && job.projectId === projectId && isRunningStatus(job.status)) {
      return { jobId: job.jobId, projectId, fileName: version.fileName, paused: job.status === 'paused' };
    }
  }
  return null;
}
