import { randomUUID } from 'node:crypto';
import { formatFileSize } from '@aec/contracts';
import type { JobRecord, Store, VersionRecord } from '../../../store/types';
import type { JobEvents } from '../jobs/job-events';
import type { JobQueue } from '../jobs/job-queue';
import type { JobFiles } from '../jobs/job-files';
import { deletedMeanwhile } from '../ifc-access';
import { storageError } from '../upload/receive-upload';

export const newJobId = (): string => `job_${randomUUID().replace(/-/g, '')}`;

export interface StartVersionDeps {
  store: Store;
  processor: JobQueue;
  events: JobEvents;
  files: JobFiles;
}

export interface NewVersionInput {
  projectId: string;
  modelId: string;
  ownerId: string | null;
  fileName: string;
  fileSize: number;
  schema: string;
  /** Puts the model file where this version's job reads it, and says where (runs once the version exists). */
  placeFile: (version: VersionRecord) => Promise<string>;
}

/**
 * Records a new version of a model (the next number, a new internal row version), stores its file and queues the
 * job that builds it. When anything fails on the way (disk, full queue) the version and its file are removed again
 * and the error goes to the caller: nothing half-made stays behind.
 */
export async function startVersion(
  { store, processor, events, files }: StartVersionDeps,
  input: NewVersionInput,
): Promise<{ version: VersionRecord; job: JobRecord }> {
  const version = await store.models
    .createVersion({
      projectId: input.projectId,
      modelId: input.modelId,
      fileName: input.fileName,
      fileSize: input.fileSize,
      uploaderId: input.ownerId,
      schema: input.schema,
    })
    .catch(async (err: unknown) => {
      // The model (or its project) was deleted while the file arrived: the client's answer, not a server error.
      throw (await deletedMeanwhile(store, input.projectId, input.modelId)) ?? err;
    });
  let filePath: string | null = null;
  let job: JobRecord | null = null;
  try {
    try {
      filePath = await input.placeFile(version);
    } catch (err) {
      throw storageError(err) ?? err;
    }
    job = await store.jobs.create({
      id: newJobId(),
      projectId: input.projectId,
      ownerId: input.ownerId,
      version: version.version,
      filePath,
    });
    events.append(job.id, {
      message: `Received ${input.fileName} (${formatFileSize(input.fileSize)}), schema ${input.schema}`,
      type: 'success',
      category: 'upload',
      progress: 10,
    });
    await processor.enqueue(job);
    return { version, job };
  } catch (err) {
    if (job) {
      const error = err instanceof Error ? err.message : String(err);
      await store.jobs.update(job.id, { status: 'failed', error, finishedAt: new Date().toISOString() });
    }
    await store.models.deleteVersion(input.projectId, input.modelId, version.number);
    if (filePath) await files.remove(filePath);
    throw err;
  }
}
