import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import {
  addModelFieldsSchema,
  MODEL_NAME_MAX,
  projectSettingsRequestSchema,
  renameModelRequestSchema,
  RUNNING_STATUSES,
  showsSomething,
  type ModelDto,
  type ProjectModelsResponse,
} from '@aec/contracts';
import { sniffIfcFile } from '@aec/ifc';
import { ConflictError, NotFoundError, UploadRejectedError } from '../../../errors/app-error';
import type { ModelRecord, ProjectRecord, Store, UserRecord, VersionRecord } from '../../../store/types';
import { assertCanChange, assertCanRead, deletedMeanwhile } from '../ifc-access';
import type { ProjectModelsInfo } from '../ifc-responses';
import type { JobEvents } from '../jobs/job-events';
import type { JobQueue } from '../jobs/job-queue';
import type { JobFiles } from '../jobs/job-files';
import { createChangesAfterDeletion } from '../jobs/changes-after-deletion';
import { releaseReceived, type ReceivedFile } from '../upload/receive-upload';
import { modelDto, projectModelRef } from './model-responses';
import { startVersion } from './start-version';

export interface ModelsServiceDeps {
  store: Store;
  processor: JobQueue;
  events: JobEvents;
  files: JobFiles;
  /** Where the change steps a version's deletion starts log their failures (silent when absent). */
  logger?: Logger;
}

export type ModelsService = ReturnType<typeof createModelsService>;

/**
 * A model's default name: its file's name without `.ifc`, cut to the longest name one may type (MODEL_NAME_MAX, in
 * UTF-16 units as the contract counts them, never between the halves of a surrogate pair) with an ellipsis; "Model"
 * when that shows nothing (`.ifc`, `\u200B.ifc`), as the contract refuses such a name. The file name itself is kept whole.
 */
export function projectName(fileName: string): string {
  const stem = fileName.replace(/\.ifc$/i, '').trim();
  const name = showsSomething(stem) ? stem : 'Model';
  if (name.length <= MODEL_NAME_MAX) return name;
  let cut = MODEL_NAME_MAX - 1;
  if (/[\uD800-\uDBFF]/.test(name[cut - 1]!)) cut--;
  return `${name.slice(0, cut).trimEnd()}…`;
}
const newModelId = (): string => `model_${randomUUID().replace(/-/g, '')}`;

const lastModel = (): ConflictError =>
  new ConflictError('This is the project’s only model: delete the project instead.', 'LAST_MODEL');

/** A version number in a path: a positive integer; anything else names no version. */
function versionNumberParam(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new NotFoundError('Version not found', 'VERSION_NOT_FOUND');
  return Number(raw);
}

/**
 * A project's models and their versions (issue 15): history, new models and versions, rename, delete, rollback,
 * and the project's own name and retention setting. Only the owner changes anything; anyone else gets the same 404
 * as for an unknown project.
 */
export function createModelsService({ store, processor, events, files, logger }: ModelsServiceDeps) {
  const changesAfterDeletion = createChangesAfterDeletion(store, logger ?? pino({ level: 'silent' }));

  async function modelOf(project: ProjectRecord, modelId: string): Promise<ModelRecord> {
    const model = await store.models.findById(project.id, modelId);
    if (!model) throw new NotFoundError('Model not found', 'MODEL_NOT_FOUND');
    return model;
  }

  async function versionOf(project: ProjectRecord, model: ModelRecord, raw: string): Promise<VersionRecord> {
    const version = await store.models.findVersion(project.id, model.id, versionNumberParam(raw));
    if (!version) throw new NotFoundError('Version not found', 'VERSION_NOT_FOUND');
    return version;
  }

  /** Usernames of uploaders and the job of every version, for the history. */
  async function historyExtras(project: ProjectRecord, versions: VersionRecord[]) {
    const names = new Map<string, string | null>();
    for (const id of new Set(versions.map((v) => v.uploaderId).filter((id) => id !== null)))
      names.set(id, (await store.users.findById(id))?.username ?? null);
    // The project's own jobs, newest first: the newest job of a row version is its link.
    const jobOf = new Map<number, string>();
    for (const job of await store.jobs.listByProject(project.id))
      if (!jobOf.has(job.version)) jobOf.set(job.version, job.id);
    return (v: VersionRecord) => ({
      uploadedBy: v.uploaderId ? (names.get(v.uploaderId) ?? null) : null,
      jobId: jobOf.get(v.version) ?? null,
    });
  }

  async function describeModel(project: ProjectRecord, model: ModelRecord): Promise<ModelDto> {
    const versions = await store.models.listVersions(project.id, model.id);
    return modelDto(model, versions, await historyExtras(project, versions));
  }

  /** Cancels the unfinished jobs of the given row versions of a project (all of them when none are given). */
  async function cancelJobs(projectId: string, versions?: Set<number>): Promise<void> {
    for (const job of await store.jobs.listByStatus(RUNNING_STATUSES)) {
      if (job.projectId === projectId && (!versions || versions.has(job.version)))
        await processor.cancel(job.id);
    }
  }

  /** Sniffs an uploaded file and starts a version of the model with it; the temp file is always removed. */
  async function uploadVersion(
    user: UserRecord,
    project: ProjectRecord,
    model: ModelRecord,
    file: ReceivedFile,
    onFailure?: () => Promise<void>,
  ) {
    try {
      const sniff = await sniffIfcFile(file.path);
      if (!sniff.ok) throw new UploadRejectedError(400, sniff.code, sniff.message);
      const { version, job } = await startVersion(
        { store, processor, events, files },
        {
          projectId: project.id,
          modelId: model.id,
          ownerId: user.id,
          fileName: file.originalName,
          fileSize: file.size,
          schema: sniff.schema,
          placeFile: (v) =>
            files.place(file.path, { projectId: project.id, version: v.version, firstOfProject: false }),
        },
      );
      return { project, model, version, job };
    } catch (err) {
      await onFailure?.();
      throw err;
    } finally {
      await releaseReceived(file);
    }
  }

  return {
    /** Shutdown: the change steps a deletion started stop between transactions (ChangesAfterDeletion.stop). */
    stopBackground: () => changesAfterDeletion.stop(),

    async summaryInfo(project: ProjectRecord): Promise<ProjectModelsInfo> {
      const [models, versions] = await Promise.all([
        store.models.listByProject(project.id),
        store.models.listVersions(project.id),
      ]);
      return {
        models: models.map((m) =>
          projectModelRef(
            m,
            versions.filter((v) => v.modelId === m.id),
          ),
        ),
        retention: project.retention,
      };
    },

    async list(user: UserRecord | undefined, projectId: string): Promise<ProjectModelsResponse> {
      const project = assertCanRead(await store.projects.findById(projectId), user);
      const [models, versions] = await Promise.all([
        store.models.listByProject(project.id),
        store.models.listVersions(project.id),
      ]);
      const extras = await historyExtras(project, versions);
      return {
        projectId: project.id,
        retention: project.retention,
        models: models.map((m) =>
          modelDto(
            m,
            versions.filter((v) => v.modelId === m.id),
            extras,
          ),
        ),
      };
    },

    /** Throws the 404 a caller gets who may not upload to the project (or model): checked before the upload. */
    async assertCanUpload(user: UserRecord, projectId: string, modelId?: string): Promise<void> {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      if (modelId !== undefined) await modelOf(project, modelId);
    },

    /** A new model in the project, with the file as its version 1 (named after the file unless a name is given). */
    async addModel(user: UserRecord, projectId: string, file: ReceivedFile, fields: unknown) {
      try {
        const project = assertCanChange(await store.projects.findById(projectId), user);
        const { name } = addModelFieldsSchema.parse(fields ?? {});
        const model = await store.models
          .create({ id: newModelId(), projectId: project.id, name: name ?? projectName(file.originalName) })
          .catch(async (err: unknown) => {
            throw (await deletedMeanwhile(store, project.id)) ?? err;
          });
        return await uploadVersion(user, project, model, file, async () => {
          await store.models.delete(project.id, model.id);
        });
      } finally {
        await releaseReceived(file);
      }
    },

    async addVersion(user: UserRecord, projectId: string, modelId: string, file: ReceivedFile) {
      try {
        const project = assertCanChange(await store.projects.findById(projectId), user);
        return await uploadVersion(user, project, await modelOf(project, modelId), file);
      } finally {
        await releaseReceived(file);
      }
    },

    /** The version a finished job built, as the wait=true answer reports it. */
    findVersion: (projectId: string, version: number) =>
      store.models.findVersionByRowVersion(projectId, version),

    async rename(user: UserRecord, projectId: string, modelId: string, body: unknown): Promise<ModelDto> {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      const model = await modelOf(project, modelId);
      const { name } = renameModelRequestSchema.parse(body ?? {});
      if (!(await store.models.rename(project.id, model.id, name)))
        throw new NotFoundError('Model not found', 'MODEL_NOT_FOUND');
      return describeModel(project, { ...model, name });
    },

    async deleteModel(user: UserRecord, projectId: string, modelId: string): Promise<void> {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      const model = await modelOf(project, modelId);
      if ((await store.models.listByProject(project.id)).length <= 1) throw lastModel();
      const versions = await store.models.listVersions(project.id, model.id);
      await cancelJobs(project.id, new Set(versions.map((v) => v.version)));
      // Checked again by the store in the same write: another delete may have taken the other model meanwhile.
      const outcome = await store.models.delete(project.id, model.id);
      if (outcome === 'last-model') throw lastModel();
      if (outcome === 'not-found') throw new NotFoundError('Model not found', 'MODEL_NOT_FOUND');
      for (const v of versions) await files.removeVersion(project.id, v);
    },

    async deleteVersion(user: UserRecord, projectId: string, modelId: string, rawNumber: string) {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      const model = await modelOf(project, modelId);
      const version = await versionOf(project, model, rawNumber);
      if (version.version === model.publishedVersion)
        throw new ConflictError(
          'This version is the one the feed serves: roll back to another version first.',
          'VERSION_PUBLISHED',
        );
      await cancelJobs(project.id, new Set([version.version]));
      const deleted = await store.models.deleteVersion(project.id, model.id, version.number);
      await files.removeVersion(project.id, version);
      // The versions compared with it are now compared with their previous retained version: computed in the
      // background, `pending` in the answer meanwhile (changes-after-deletion.ts).
      if (deleted) await changesAfterDeletion.start(project.id, model.id, version.number);
      return describeModel(project, (await store.models.findById(project.id, model.id)) ?? model);
    },

    async rollback(user: UserRecord, projectId: string, modelId: string, rawNumber: string) {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      const model = await modelOf(project, modelId);
      const version = await versionOf(project, model, rawNumber);
      // Already the one served: nothing to switch, and the feed's stamp stays (no needless 410 on open pages).
      if (version.version === model.publishedVersion) return describeModel(project, model);
      if (version.status !== 'ready')
        throw new ConflictError(
          `Version ${version.number} is ${version.status}: only a ready version can be published.`,
          'VERSION_NOT_READY',
        );
      if (!version.retained)
        throw new ConflictError(
          `Version ${version.number}'s rows were removed by the retention setting: upload it again instead.`,
          'VERSION_NOT_RETAINED',
        );
      if (!(await store.models.rollback(project.id, model.id, version.number)))
        throw new ConflictError(
          `Version ${version.number} cannot be published again.`,
          'VERSION_NOT_AVAILABLE',
        );
      // Its wide set may be gone (its post-publish step found it replaced): the step runs again, 503 meanwhile.
      if (!(await store.rows.wideCatalog(project.id, version.version)))
        processor.preparePublished(project.id, version.version);
      return describeModel(project, (await store.models.findById(project.id, model.id)) ?? model);
    },

    /** PATCH of a project: its name, its retention setting, or both (checked together before either is applied). */
    async updateSettings(user: UserRecord, projectId: string, body: unknown): Promise<ProjectRecord> {
      const project = assertCanChange(await store.projects.findById(projectId), user);
      const settings = projectSettingsRequestSchema.parse(body ?? {});
      const { name, retention } = settings;
      if (name !== undefined && !(await store.projects.rename(project.id, name)))
        throw new NotFoundError('Project not found', 'PROJECT_NOT_FOUND');
      if (retention !== undefined) {
        await store.projects.setRetention(project.id, retention);
        await files.removeUnretained(store, project.id);
      }
      // zod leaves out what was not sent, so this is the project with what was changed
      return (await store.projects.findById(project.id)) ?? { ...project, ...settings };
    },
  };
}
