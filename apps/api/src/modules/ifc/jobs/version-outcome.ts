import fs from 'node:fs/promises';
import type { JobRecord, JobStatus, Store } from '../../../store/types';
import { isGridFsPath } from './job-files';

/**
 * A job that ends without publishing (failed, cancelled, interrupted): its partial rows removed, its version and
 * project told why, then the job recorded as ended with `jobPatch`.
 */
export async function endUnpublished(
  store: Store,
  job: JobRecord,
  end: { status: JobStatus; message: string; processingMs: number | null },
  jobPatch: Partial<Pick<JobRecord, 'error' | 'finishedAt' | 'durationMs'>>,
): Promise<void> {
  await store.rows.deleteVersion(job.projectId, job.version);
  await recordVersionEnd(store, job, end.status, end.message, end.processingMs);
  await finalizeProject(store, job, end.status, end.message);
  await store.jobs.update(job.id, { status: end.status, ...jobPatch });
}

/**
 * A failed or cancelled version stays in its model's history with its reason (its rows are already removed); the
 * model keeps serving its published version.
 */
async function recordVersionEnd(
  store: Store,
  job: JobRecord,
  status: JobStatus,
  message: string,
  processingMs: number | null,
): Promise<void> {
  const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
  if (version)
    await store.models.updateVersion(job.projectId, job.version, { status, error: message, processingMs });
}

/** Whether any model of the project serves a version: then a failed or cancelled job leaves the project as it is. */
export async function hasPublished(store: Store, projectId: string): Promise<boolean> {
  return (await store.models.listByProject(projectId)).some((m) => m.publishedVersion > 0);
}

/**
 * A project with a published version keeps serving it, and a cancelled first version of a model added to it takes
 * the empty model away. A project that never had one disappears with a cancelled job (when that was its only
 * version) and is marked failed by a failed one.
 */
async function finalizeProject(
  store: Store,
  job: JobRecord,
  status: JobStatus,
  message: string,
): Promise<void> {
  const project = await store.projects.findById(job.projectId);
  if (!project) return;
  const version = await store.models.findVersionByRowVersion(project.id, job.version);
  if (await hasPublished(store, project.id)) {
    if (status === 'cancelled' && version?.number === 1 && version.modelId !== project.id) {
      await store.models.delete(project.id, version.modelId);
      await removeKeptFile(job.filePath);
    }
    return store.projects.setStatus(project.id, 'ready', null);
  }
  const versions = await store.models.listVersions(project.id);
  if (status === 'cancelled' && versions.every((v) => v.version === job.version)) {
    await store.projects.delete(project.id);
    await removeKeptFile(job.filePath);
    return;
  }
  await store.projects.setStatus(project.id, 'failed', message);
}

/** A kept local file goes with its version; a GridFS file is removed by the end of its job (JobFiles.jobEnded). */
async function removeKeptFile(filePath: string): Promise<void> {
  if (!isGridFsPath(filePath)) await fs.rm(filePath, { force: true });
}
