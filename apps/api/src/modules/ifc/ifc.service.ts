import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { RUNNING_STATUSES } from '@aec/contracts';
import { sniffIfcFile } from '@aec/ifc';
import { AppError, UploadRejectedError } from '../../errors/app-error';
import type { JobRecord, ProjectRecord, Store, UserRecord } from '../../store/types';
import { assertCanChange, assertCanChangeJob, assertCanRead, assertCanReadJob } from './ifc-access';
import type { JobEvents } from './jobs/job-events';
import type { JobQueue } from './jobs/job-queue';
import type { JobFiles } from './jobs/job-files';
import { wideSetState } from './jobs/post-publish-state';
import { releaseReceived, type ReceivedFile } from './upload/receive-upload';
import type { ArrivalWatcher } from './upload/guarded-disk-storage';
import { processingRateFrom } from './jobs/processing-rate';
import { createModelsService, projectName } from './models/models.service';
import { startVersion } from './models/start-version';

export interface IfcServiceDeps {
  store: Store;
  processor: JobQueue;
  events: JobEvents;
  /** Where version files are stored until their job ends (GridFS on MongoDB, DATA_DIR/models on SQLite). */
  files: JobFiles;
  /** For work the services start in the background (a deleted version's followers' change steps). */
  logger?: Logger;
}

export type IfcService = ReturnType<typeof createIfcService>;

export const newProjectId = (): string => `proj_${randomUUID().replace(/-/g, '')}`;

/** How many of the latest finished jobs the processing rate is measured over. */
const RATE_SAMPLE_JOBS = 50;

export function createIfcService({ store, processor, events, files, logger }: IfcServiceDeps) {
  const models = createModelsService({ store, processor, events, files, ...(logger ? { logger } : {}) });

  /** Stops the projects' waiting and running jobs, removes their records and rows, then their stored files. */
  async function removeProjects(projectIds: string[]): Promise<void> {
    const removed = new Set(projectIds);
    for (const job of await store.jobs.listByStatus(RUNNING_STATUSES)) {
      if (removed.has(job.projectId)) await processor.cancel(job.id);
    }
    for (const projectId of projectIds) {
      await store.projects.delete(projectId);
      await files.removeProject(projectId);
    }
  }

  /**
   * Creates the project, its default model (id = the project's, named after it) and that model's version 1 with a
   * received model file (stored, moved or copied, once the version exists), and queues its job.
   */
  async function startProject(input: {
    projectId: string;
    ownerId: string | null;
    isPublic: boolean;
    fileName: string;
    /** The received file: stored as version 1's file (moved into DATA_DIR/models, or streamed into GridFS). */
    tempPath: string;
    fileSize: number;
    schema: string;
  }): Promise<{ project: ProjectRecord; job: JobRecord }> {
    const project = await store.projects.create({
      id: input.projectId,
      ownerId: input.ownerId,
      isPublic: input.isPublic,
      name: projectName(input.fileName),
      fileName: input.fileName,
      fileSize: input.fileSize,
      schema: input.schema,
    });
    try {
      await store.models.create({ id: project.id, projectId: project.id, name: project.name });
      const { job } = await startVersion(
        { store, processor, events, files },
        {
          ...input,
          modelId: project.id,
          placeFile: (version) =>
            files.place(input.tempPath, {
              projectId: project.id,
              version: version.version,
              firstOfProject: true,
            }),
        },
      );
      return { project, job };
    } catch (err) {
      await store.projects.delete(project.id);
      throw err;
    }
  }

  return {
    startProject,
    models,

    /**
     * An upload has begun: its extraction worker can start loading while the file arrives, and read the file as it
     * arrives (the watcher the upload receiver gives the file's path to).
     */
    prepareForUpload(): ArrivalWatcher {
      processor.warmUp();
      return (path) => processor.readArriving(path);
    },

    /** Validates an uploaded temp file, stores it as the new project's version 1, and starts processing. */
    async acceptUpload(user: UserRecord, file: ReceivedFile) {
      try {
        const sniff = await sniffIfcFile(file.path);
        if (!sniff.ok) throw new UploadRejectedError(400, sniff.code, sniff.message);
        return await startProject({
          projectId: newProjectId(),
          ownerId: user.id,
          isPublic: false,
          fileName: file.originalName,
          tempPath: file.path,
          fileSize: file.size,
          schema: sniff.schema,
        });
      } finally {
        await releaseReceived(file);
      }
    },

    async waitForJob(jobId: string): Promise<{ job: JobRecord; project: ProjectRecord | null }> {
      const outcome = await processor.waitFor(jobId);
      const job = await store.jobs.findById(jobId);
      if (!job) throw new AppError(500, 'JOB_LOST', 'The processing job disappeared');
      // The processor's word wins if the stored state could not be updated in time.
      if (outcome && outcome !== job.status && (outcome === 'failed' || outcome === 'cancelled')) {
        return {
          job: {
            ...job,
            status: outcome,
            error: job.error ?? 'Processing failed because of an internal error.',
          },
          project: null,
        };
      }
      return { job, project: await store.projects.findById(job.projectId) };
    },

    listProjects: (user: UserRecord) => store.projects.listByOwner(user.id),

    /** The project's models as its summary lists them, and its retention setting. */
    modelsInfoOf: models.summaryInfo,

    /** The model and version number a job builds (absent for a job without a version record). */
    async jobTarget(job: JobRecord): Promise<{ modelId: string; versionNumber: number } | null> {
      const version = await store.models.findVersionByRowVersion(job.projectId, job.version);
      return version ? { modelId: version.modelId, versionNumber: version.number } : null;
    },

    /** The post-publish state of the project's published version (its wide element set). */
    wideSetOf: (project: ProjectRecord) => wideSetState(store, project),

    async getProject(user: UserRecord | undefined, projectId: string) {
      return assertCanRead(await store.projects.findById(projectId), user);
    },

    async deleteProject(user: UserRecord, projectId: string): Promise<void> {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      await removeProjects([project.id]);
    },

    /**
     * Every project the user owns, removed as deleteProject removes one (an account is being deleted): the store's
     * cascade from the user would remove their records but leave running jobs and the model files on disk.
     */
    async deleteProjectsOf(user: UserRecord): Promise<void> {
      await removeProjects((await store.projects.listByOwner(user.id)).map((project) => project.id));
    },

    async getJob(user: UserRecord | undefined, jobId: string) {
      return assertCanReadJob(await store.jobs.findById(jobId), user);
    },

    async controlJob(user: UserRecord, jobId: string, action: 'pause' | 'resume' | 'cancel') {
      const job = assertCanChangeJob(await store.jobs.findById(jobId), user);
      const changed = await processor[action](job.id);
      if (!changed) {
        const current = (await store.jobs.findById(job.id)) ?? job;
        throw new AppError(409, 'JOB_STATE', `Cannot ${action} a job that is ${current.status}`);
      }
      return (await store.jobs.findById(job.id)) ?? { ...job, status: 'cancelled' as const };
    },

    /** The server's measured speed over its latest finished jobs (any user's: only the aggregate is shown). */
    async processingRate() {
      const ready = (await store.jobs.listByStatus(['ready']))
        .filter((job) => job.durationMs !== null)
        .sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''))
        .slice(0, RATE_SAMPLE_JOBS);
      const samples = await Promise.all(
        ready.map(async (job) => {
          const project = await store.projects.findById(job.projectId);
          return project
            ? { rows: project.elementCount + project.propertyCount, durationMs: job.durationMs! }
            : null;
        }),
      );
      return processingRateFrom(samples.filter((s) => s !== null));
    },

    /** Every model's published element rows, model after model (a federated project exports them all). */
    async *elementRows(project: ProjectRecord) {
      for (const model of await store.models.listByProject(project.id))
        if (model.publishedVersion > 0) yield* store.rows.streamElements(project.id, model.publishedVersion);
    },
  };
}
