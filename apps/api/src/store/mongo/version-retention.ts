import type { Model, mongo } from 'mongoose';
import type { ProjectDoc } from './project-model';
import { modelsOf, switchProject } from './project-switch';
import { eachRowCollection, type RowCollections } from './row-collections';
import type { VersionDoc } from './version-docs';
import { deleteInBatches } from './delete-in-batches';
import { documentWrite } from './whole-document-writes';

/** The snapshot window when the store is opened without one (SNAPSHOT_GRACE_MINUTES' default). */
export const DEFAULT_SNAPSHOT_GRACE_MS = 30 * 60_000;

export interface RetentionTarget {
  projectId: string;
  modelId: string;
  /** The model's published row version: always kept. */
  publishedVersion: number;
  /** Ready versions whose rows are kept, newest number first; null keeps all. */
  retention: number | null;
  /** When the model's published version last changed (ModelEntry.switchedAt), if it ever did. */
  switchedAt?: Date | null;
}

/** What retention reads and writes. */
export interface RetentionDeps {
  db: mongo.Db;
  projects: Model<ProjectDoc>;
  versions: mongo.Collection<VersionDoc>;
  rows: RowCollections;
}

/** The snapshot window and the clock retention is applied at. */
export interface RetentionWindow {
  graceMs: number;
  now: number;
}

/**
 * Whether a model switched its published version less than the snapshot window ago (issue 19.2): then every
 * version it holds stays, so that a pull begun before the switch — on its elements, which read the replaced
 * version, or on its change sets, which read every kept version — ends on what it began with.
 */
export const inSnapshotWindow = (switchedAt: Date | null | undefined, window: RetentionWindow): boolean =>
  !!switchedAt && switchedAt.getTime() > window.now - window.graceMs;

/**
 * Applies a project's retention to one model: the rows of its ready versions beyond the `retention` newest (by
 * number) go, the published one always stays — once the model's snapshot window is over (the periodic sweep,
 * Store.pruneSuperseded, comes back for it). The records stay in the history, marked `retained: false` first, so
 * a rollback never picks a version whose rows are going. Versions still being processed are left alone: their job
 * publishes or discards them. Resolves to the row versions pruned.
 */
export async function applyRetention(
  deps: RetentionDeps,
  target: RetentionTarget,
  window: RetentionWindow,
): Promise<number[]> {
  if (target.retention === null || inSnapshotWindow(target.switchedAt, window)) return [];
  const { db, versions, rows } = deps;
  const { projectId, modelId } = target;
  const ready = await versions
    .find({ projectId, modelId, status: 'ready', retained: true }, { projection: { version: 1, number: 1 } })
    .sort({ number: -1 })
    .toArray();
  const pruned = ready
    .slice(target.retention)
    .map((v) => v.version)
    .filter((v) => v !== target.publishedVersion);
  if (!pruned.length) return [];
  const mark = (retained: boolean) =>
    documentWrite(db, 'versions', () =>
      versions.updateMany({ projectId, version: { $in: pruned } }, { $set: { retained } }),
    );
  await mark(false);
  // `target` was read before the mark: a rollback may have switched the model to one of these versions since. The
  // check is a guarded update of the project (it moves `rev`), so a rollback that read its version as retained
  // before the mark fails its own update and, on its next attempt, sees the mark; one that got in first is seen
  // here, and then nothing is pruned (the sweep comes back once the rollback's snapshot window is over).
  const unpublished = await switchProject(deps.projects, projectId, async (doc) => {
    const model = modelsOf(doc).find((m) => m.id === modelId);
    return model && !pruned.includes(model.publishedVersion) && !inSnapshotWindow(model.switchedAt, window)
      ? { set: {}, result: true }
      : null;
  });
  if (!unpublished) {
    await mark(true);
    return [];
  }
  await Promise.all(
    eachRowCollection(rows).map((c) => deleteInBatches(c, { projectId, version: { $in: pruned } })),
  );
  return pruned;
}
