import type { RowContext } from '../types';
import { VersionElementKeys } from './element-keys';
import { adoptVersion, type PublishingDeps } from './model-publishing';
import { modelsOf, projectDocs } from './project-switch';

/** What the batches of one row version share while it is being written. */
export interface VersionWriting {
  context: RowContext;
  /** Keys by GlobalId (living models); null for rows written without a context, which keep ExpressId keys. */
  keys: VersionElementKeys | null;
}

/** Row versions being written at once whose state is kept (jobs run a few at a time; older ones are done). */
const KEPT = 32;

/**
 * The context and element keys of the row versions being written, kept across their batches: a GlobalId repeated
 * in a later batch must get the next `#n`. Dropped when the version's rows are complete (its wide set is built)
 * or deleted.
 */
export function createVersionWriting(deps: PublishingDeps) {
  const writing = new Map<string, VersionWriting>();
  const name = (projectId: string, version: number) => `${version}:${projectId}`;

  /** A row version written without a context: its record's, the default model adopting it when it has none. */
  async function resolve(projectId: string, version: number): Promise<RowContext> {
    const record =
      (await deps.versions.findOne({ projectId, version })) ?? (await adoptVersion(deps, projectId, version));
    const project = record && (await projectDocs(deps.projects).findOne({ _id: projectId }));
    const model = project && modelsOf(project).find((m) => m.id === record.modelId);
    if (!record || !model) throw new Error(`project ${projectId} does not exist`);
    return {
      modelId: record.modelId,
      modelName: model.name,
      versionNumber: record.number,
      changedAt: record.createdAt.toISOString(),
    };
  }

  return {
    async of(projectId: string, version: number, given: RowContext | undefined): Promise<VersionWriting> {
      const known = writing.get(name(projectId, version));
      if (known) return known;
      const state: VersionWriting = given
        ? { context: given, keys: new VersionElementKeys(given.modelId) }
        : { context: await resolve(projectId, version), keys: null };
      if (writing.size >= KEPT) writing.delete(writing.keys().next().value!);
      writing.set(name(projectId, version), state);
      return state;
    },
    forget(projectId: string, version: number) {
      writing.delete(name(projectId, version));
    },
  };
}

/**
 * The published row version of the model a row version belongs to (null when the project or model is gone): a
 * post-publish step for a version its model no longer shows stops there.
 */
export async function publishedOfModel(
  deps: PublishingDeps,
  projectId: string,
  version: number,
): Promise<number | null> {
  const [project, record] = await Promise.all([
    projectDocs(deps.projects).findOne({ _id: projectId }),
    deps.versions.findOne({ projectId, version }, { projection: { modelId: 1 } }),
  ]);
  if (!project) return null;
  const model = modelsOf(project).find((m) => m.id === (record?.modelId ?? projectId));
  return model ? model.publishedVersion : null;
}
