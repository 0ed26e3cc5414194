import type { Model, mongo } from 'mongoose';
import type { ModelEntry } from './model-entries';
import type { ProjectDoc } from './project-model';
import { toEntries, type VersionDoc } from './version-docs';
import { documentWrite } from './whole-document-writes';

/** A change of one project document, computed from its current state; null leaves the document alone. */
export type ProjectChange<T> = (
  doc: ProjectDoc,
) => Promise<{ set: Record<string, unknown>; result: T } | null>;

/** The project documents through the driver: guarded updates of whole fields need no mongoose casting. */
export const projectDocs = (projects: Model<ProjectDoc>): mongo.Collection<ProjectDoc> =>
  projects.collection as unknown as mongo.Collection<ProjectDoc>;

/** Attempts before giving up on a project that keeps changing under us (each attempt is one read, one update). */
const ATTEMPTS = 50;

/**
 * Compare-and-set on a project document: what readers see of a project (its models' published versions, its
 * aggregates, its stamp) changes in one single-document update, guarded by `rev` so that a concurrent change
 * computed from the same state makes this one start over instead of overwriting it. No transaction is needed
 * (FerretDB has none), and MongoDB applies the guarded update atomically. Resolves to null when the project is
 * gone or the change declined.
 */
export async function switchProject<T>(
  projects: Model<ProjectDoc>,
  id: string,
  change: ProjectChange<T>,
): Promise<T | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await projectDocs(projects).findOne({ _id: id });
    if (!doc) return null;
    const next = await change(doc);
    if (!next) return null;
    // A document written before `rev` existed has none until its first guarded update.
    const { matchedCount } = await documentWrite(projects.db.db, 'projects', () =>
      projectDocs(projects).updateOne(
        { _id: id, rev: doc.rev ?? { $exists: false } },
        { $set: { ...next.set, rev: (doc.rev ?? 0) + 1 } },
      ),
    );
    if (matchedCount > 0) return next.result;
  }
  throw new Error(`project ${id} kept changing; gave up after ${ATTEMPTS} attempts`);
}

/**
 * The project's stamp (processedAt) for a change readers must notice: now, but always later than the previous
 * stamp, so two changes within one millisecond still give readers (page pins, caches) a new stamp.
 */
export const nextStamp = (doc: ProjectDoc): Date =>
  new Date(Math.max(Date.now(), (doc.processedAt?.getTime() ?? 0) + 1));

/**
 * A project's models. A project published before models existed has its one default model (id = project id,
 * its version number 1), until its first model change writes the array out.
 */
export const modelsOf = (doc: ProjectDoc): ModelEntry[] =>
  doc.models ??
  (doc.version > 0
    ? [
        {
          id: doc._id,
          name: doc.name,
          publishedVersion: doc.version,
          createdAt: doc.createdAt,
          lastNumber: 1,
        },
      ]
    : []);

/**
 * The project fields that sum up its models' published versions: counts added, count maps merged, and `version`
 * the highest published row version (0 when none), which existing readers use as "has something published".
 */
export async function aggregates(
  versions: mongo.Collection<VersionDoc>,
  projectId: string,
  models: ModelEntry[],
): Promise<Record<string, unknown>> {
  const published = models.map((m) => m.publishedVersion).filter((v) => v > 0);
  const docs = published.length
    ? await versions.find({ projectId, version: { $in: published } }).toArray()
    : [];
  const byType: Record<string, number> = {};
  const byStorey: Record<string, number> = {};
  let elementCount = 0;
  let propertyCount = 0;
  let spatialCount = 0;
  for (const d of docs) {
    elementCount += d.elementCount;
    propertyCount += d.propertyCount;
    spatialCount += d.spatialCount;
    for (const { key, count } of d.countsByType) byType[key] = (byType[key] ?? 0) + count;
    for (const { key, count } of d.countsByStorey) byStorey[key] = (byStorey[key] ?? 0) + count;
  }
  return {
    models,
    version: Math.max(0, ...published),
    elementCount,
    propertyCount,
    spatialCount,
    countsByType: toEntries(byType),
    countsByStorey: toEntries(byStorey),
  };
}
