import type { mongo } from 'mongoose';
import { elementColumnNames, elementId, propertyColumnNames, spatialColumnNames } from '../row-columns';
import type {
  ElementRow,
  PropertyRow,
  RowBatch,
  RowContext,
  RowRepository,
  SpatialRow,
  StoredElementRow,
} from '../types';
import { ELEMENT_CASE_MAPPED, PROPERTY_CASE_MAPPED, SPATIAL_CASE_MAPPED } from './case-shadows';
import { compileRowDoc } from './row-docs';
import { createMongoWideElements } from './mongo-wide-elements';
import type { PublishingDeps } from './model-publishing';
import type { ProjectDoc } from './project-model';
import { modelsOf, projectDocs } from './project-switch';
import { createVersionWriting, publishedOfModel } from './version-writing';
import { changesLock, computeMongoChanges } from './mongo-changes';
import { createWideUnions, refreshWideUnions } from './wide-union';
import { eachRowCollection, type ElementDoc, type PropertyDoc, type SpatialDoc } from './row-collections';
import { deleteInBatches } from './delete-in-batches';
import { withLock } from './start-up-lock';

const PAGE = 2000;

// Stored documents: the version key, the model version's columns, then every column. Served elements: the key,
// the project, every column. Stored ones also carry their text columns' case-mapped copies (case-shadows.ts).
const MODEL_FIELDS = ['projectId', 'version', 'ModelId', 'ModelName', 'VersionNumber'];
const elementDoc = compileRowDoc<ElementRow>(
  [...MODEL_FIELDS, 'Id', 'ChangedAt', 'PropertyFingerprint'],
  elementColumnNames,
  ELEMENT_CASE_MAPPED,
);
const propertyDoc = compileRowDoc<PropertyRow>(MODEL_FIELDS, propertyColumnNames, PROPERTY_CASE_MAPPED);
const spatialDoc = compileRowDoc<SpatialRow>(MODEL_FIELDS, spatialColumnNames, SPATIAL_CASE_MAPPED);
const servedElement = compileRowDoc<ElementDoc>(
  ['Id', 'ProjectId', 'ModelId', 'ModelName', 'VersionNumber', 'ChangedAt'],
  elementColumnNames,
);

/** Only the columns (and the key served with them) leave the store: no _id, projectId or version. */
const ELEMENT_PROJECTION = { _id: 0, projectId: 0, version: 0, PropertyFingerprint: 0 } as const;

export function createMongoRowRepository(deps: PublishingDeps): RowRepository {
  const { rows, projects } = deps;
  const wide = createMongoWideElements(
    rows,
    (projectId, version) => publishedOfModel(deps, projectId, version),
    createWideUnions(deps),
  );

  const writing = createVersionWriting(deps);
  const count = (projectId: string, version: number) =>
    Promise.all(
      eachRowCollection(rows).map((collection) => collection.countDocuments({ projectId, version })),
    );

  async function deleteVersion(projectId: string, version: number) {
    writing.forget(projectId, version);
    await Promise.all(
      eachRowCollection(rows).map((collection) => deleteInBatches(collection, { projectId, version })),
    );
  }

  /**
   * Keyset pages in key order on the (projectId, version, Id) index: each page is one index range scan, however deep
   * into the model, unlike skip/limit.
   */
  async function* streamVersion(projectId: string, version: number): AsyncIterable<StoredElementRow> {
    let after: string | null = null;
    for (;;) {
      const filter: mongo.Filter<ElementDoc> =
        after === null ? { projectId, version } : { projectId, version, Id: { $gt: after } };
      const docs = await rows.elements
        .find(filter, { projection: ELEMENT_PROJECTION })
        .sort({ Id: 1 })
        .limit(PAGE)
        .toArray();
      for (const doc of docs) {
        const changedAt = doc.ChangedAt;
        yield servedElement(doc, {
          Id: doc.Id,
          ProjectId: projectId,
          ModelId: doc.ModelId,
          ModelName: doc.ModelName,
          VersionNumber: doc.VersionNumber,
          ChangedAt: changedAt ? changedAt.toISOString() : undefined,
        }) as unknown as StoredElementRow;
      }
      if (docs.length < PAGE) return;
      after = docs[docs.length - 1]!.Id;
    }
  }

  return {
    async insertBatch(projectId: string, version: number, batch: RowBatch, given?: RowContext) {
      const { context, keys } = await writing.of(projectId, version, given);
      const key = {
        projectId,
        version,
        ModelId: context.modelId,
        ModelName: context.modelName,
        VersionNumber: context.versionNumber,
      };
      const changedAt = new Date(context.changedAt);
      const elements = (batch.elements ?? []).map((row) =>
        elementDoc(row, {
          ...key,
          Id: keys ? keys.key(row.GlobalId, row.ExpressId) : elementId(projectId, row.ExpressId),
          ChangedAt: changedAt,
          PropertyFingerprint: row.PropertyFingerprint ?? null,
        }),
      );
      const properties = (batch.properties ?? []).map((row) => propertyDoc(row, key));
      const spatial = (batch.spatial ?? []).map((row) => spatialDoc(row, key));
      // Unordered: the server may apply the documents in any order and in parallel, the fastest bulk path. A
      // duplicate key still fails the call (after the other documents went in); the job then discards the version.
      const options = { ordered: false };
      await Promise.all([
        elements.length && rows.elements.insertMany(elements as unknown as ElementDoc[], options),
        properties.length && rows.properties.insertMany(properties as unknown as PropertyDoc[], options),
        spatial.length && rows.spatial.insertMany(spatial as unknown as SpatialDoc[], options),
      ]);
      // SQLite's foreign key refuses rows of a deleted project. Checked after the insert: the project's cascade
      // removes its document before its rows, so rows written past that sweep are caught here and taken back.
      if (!(await projects.exists({ _id: projectId }).exec())) {
        await deleteVersion(projectId, version);
        throw new Error(`project ${projectId} does not exist`);
      }
    },
    deleteVersion,
    async *streamElements(projectId: string, version?: number) {
      // Without a version: what the project serves, model by model in creation order.
      const project = version === undefined ? await projectDocs(projects).findOne({ _id: projectId }) : null;
      const served =
        version !== undefined
          ? [version]
          : project
            ? modelsOf(project)
                .map((m) => m.publishedVersion)
                .filter((v) => v > 0)
            : [];
      for (const v of served) yield* streamVersion(projectId, v);
    },
    buildWideElements(projectId, version, options) {
      // Built once every row is written: the version's element keys are no longer needed.
      writing.forget(projectId, version);
      // One build of a version at a time, across instances: a job's own build and the start-up pass (this
      // instance's or another's) could otherwise both insert its documents (a duplicate key for one of them).
      return withLock(deps.db, `wide-set:${projectId}:${version}`, () =>
        wide.build(projectId, version, options?.isCancelled),
      );
    },
    wideCatalog: (projectId, version) => wide.catalog(projectId, version),
    servedWideCatalog: (projectId, versions) => wide.servedCatalog(projectId, versions),
    async recordPreparationFailure(projectId, version, error) {
      // A project deleted meanwhile has nothing to record.
      if (!(await projects.exists({ _id: projectId }).exec())) return 0;
      const doc = await rows.preparationFailures.findOneAndUpdate(
        { projectId, version },
        { $inc: { attempts: 1 }, $set: { error } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: false },
      );
      return doc?.attempts ?? 0;
    },
    async preparationFailure(projectId, version) {
      const doc = await rows.preparationFailures.findOne({ projectId, version });
      return doc ? { attempts: doc.attempts, error: doc.error } : null;
    },
    async computeChanges(projectId, version, previousVersion, options) {
      // One computation of a version's changes at a time, across instances, as for its wide set.
      const summary = await withLock(deps.db, changesLock(projectId, version), () =>
        computeMongoChanges(deps, projectId, version, previousVersion, options?.isCancelled),
      );
      // It carried ChangedAt over on the version's wide documents: the unions that copy them follow.
      await refreshWideUnions(deps, projectId);
      return summary;
    },
    async publishedAwaitingPreparation() {
      const published = await projects
        .find({ version: { $gt: 0 } })
        .sort({ createdAt: 1 })
        .lean<ProjectDoc[]>()
        .exec();
      const awaiting: { projectId: string; version: number }[] = [];
      for (const p of published)
        for (const model of modelsOf(p)) {
          const key = { projectId: p._id, version: model.publishedVersion };
          if (key.version > 0 && !(await rows.wideCatalogs.findOne(key, { projection: { _id: 1 } })))
            awaiting.push(key);
        }
      return awaiting;
    },
    async countElements(projectId, version) {
      return rows.elements.countDocuments({ projectId, version });
    },
    async countAll(projectId, version) {
      const [elements = 0, properties = 0, spatial = 0] = await count(projectId, version);
      return { elements, properties, spatial };
    },
  };
}
