import type { mongo } from 'mongoose';
import { eachRowCollection, type RowCollections } from './row-collections';
import type { VersionDoc } from './version-docs';

export interface RetentionTarget {
  projectId: string;
  modelId: string;
  /** The model's published row version: always kept. */
  publishedVersion: number;
  /** Ready versions whose rows are kept, newest number first; null keeps all. */
  retention: number | null;
}

/**
 * Applies a project's retention to one model: the rows of its ready versions beyond the `retention` newest (by
 * number) go, the published one always stays. The records stay in the history, marked `retained: false` first,
 * so a rollback never picks a version whose rows are going. Versions still being processed are left alone:
 * their job publishes or discards them. Resolves to the row versions pruned.
 */
export async function applyRetention(
  versions: mongo.Collection<VersionDoc>,
  rows: RowCollections,
  target: RetentionTarget,
): Promise<number[]> {
  if (target.retention === null) return [];
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
  await versions.updateMany({ projectId, version: { $in: pruned } }, { $set: { retained: false } });
  await Promise.all(
    eachRowCollection(rows).map((c) => c.deleteMany({ projectId, version: { $in: pruned } })),
  );
  return pruned;
}
