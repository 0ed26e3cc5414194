import { NotFoundError } from '../../errors/app-error';
import type { JobRecord, ProjectRecord, Store, UserRecord } from '../../store/types';

/** Public projects (the demo) are readable by anyone; everything else only by its owner. Others get 404. */
export function assertCanRead(project: ProjectRecord | null, user: UserRecord | undefined): ProjectRecord {
  if (!project || (!project.isPublic && project.ownerId !== user?.id))
    throw new NotFoundError('Project not found', 'PROJECT_NOT_FOUND');
  return project;
}

/** Only an owner changes a project: public projects without an owner cannot be changed through the API. */
export function assertCanChange(project: ProjectRecord | null, user: UserRecord): ProjectRecord {
  if (!project || project.ownerId !== user.id)
    throw new NotFoundError('Project not found', 'PROJECT_NOT_FOUND');
  return project;
}

export function assertCanReadJob(job: JobRecord | null, user: UserRecord | undefined): JobRecord {
  if (!job || (job.ownerId !== null && job.ownerId !== user?.id))
    throw new NotFoundError('Job not found', 'JOB_NOT_FOUND');
  return job;
}

export function assertCanChangeJob(job: JobRecord | null, user: UserRecord): JobRecord {
  if (!job || job.ownerId !== user.id) throw new NotFoundError('Job not found', 'JOB_NOT_FOUND');
  return job;
}

/**
 * After a write failed: the 404 to answer when the project (or its model) was deleted meanwhile — by another request
 * while this one's file arrived — or null when both are still there and the failure is the server's.
 */
export async function deletedMeanwhile(
  store: Store,
  projectId: string,
  modelId?: string,
): Promise<NotFoundError | null> {
  if (!(await store.projects.findById(projectId)))
    return new NotFoundError('Project not found', 'PROJECT_NOT_FOUND');
  if (modelId !== undefined && !(await store.models.findById(projectId, modelId)))
    return new NotFoundError('Model not found', 'MODEL_NOT_FOUND');
  return null;
}
