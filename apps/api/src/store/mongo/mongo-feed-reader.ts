import {
  columnOf,
  compileExpandMongo,
  compileMongoCount,
  compileMongoQuery,
  findEntityType,
  mongoSortValues,
  planExpand,
  type EntityModel,
  type EntityType,
  type MongoDoc,
} from '@aec/odata';
import { mongo } from 'mongoose';
import { createFeedModel, PROJECT_LEVEL_SETS } from '../feed-model';
import { MODELS_VIEW } from './model-feed-views';
import { isChangeSet } from '../feed-change-sets';
import { CASE_SHADOWS } from './case-shadows';
import { orNotImplemented } from './server-not-implemented';
import type { FeedReader, VisibleVersion } from '../feed-types';
import type { ProjectDoc } from './project-model';
import { modelsOf } from './project-switch';
import { VERSIONS_COLLECTION, type VersionDoc } from './version-docs';
import type { WideCatalogDoc } from './row-collections';

export const mongoFeedModel = createFeedModel({
  projectIdOnRows: 'projectId',
  // Property rows are keyed by their ObjectId, served as its hex text.
  propertyKey: { column: '_id', type: 'Edm.String' },
  projects: {
    ProjectId: '_id',
    Name: 'name',
    FileName: 'fileName',
    Status: 'status',
    Schema: 'ifcSchema',
    FileSize: 'fileSize',
    ElementCount: 'elementCount',
    PropertyCount: 'propertyCount',
    SpatialCount: 'spatialCount',
    CreatedAt: 'createdAt',
    ProcessedAt: 'processedAt',
  },
  caseShadows: CASE_SHADOWS,
  tables: {
    Projects: 'projects',
    IFCElements: 'ifc_elements',
    IFCProperties: 'ifc_properties',
    IFCSpatialStructure: 'ifc_spatial',
    IFCChanges: 'ifc_changes',
    IFCPropertyChanges: 'ifc_property_changes',
  },
  // Rows keep their model version under the property names. Models: the documents model-feed-views.ts writes;
  // Versions: the version records, with the derived columns that file keeps under the property names.
  models: { table: MODELS_VIEW, columns: { ProjectId: 'projectId' } },
  versions: {
    table: VERSIONS_COLLECTION,
    columns: {
      ModelId: 'modelId',
      VersionNumber: 'number',
      ProjectId: 'projectId',
      FileName: 'fileName',
      FileSize: 'fileSize',
      Schema: 'ifcSchema',
      Status: 'status',
      Retained: 'retained',
      ElementCount: 'elementCount',
      PropertyCount: 'propertyCount',
      SpatialCount: 'spatialCount',
      UploadedAt: 'createdAt',
      ProcessedAt: 'processedAt',
    },
  },
});

const OBJECT_ID = /^[0-9a-f]{24}$/;
/** The wide sets' catalogs (row-collections.ts): one document per (project, row version) whose set is built. */
const WIDE_CATALOGS = 'ifc_wide_catalogs';
/** Per-parent expand queries in flight at once. */
const EXPAND_CONCURRENCY = 8;

function scopeDoc(entitySet: string, visible: VisibleVersion[]): MongoDoc {
  if (entitySet === 'Projects') return { _id: { $in: visible.map((v) => v.id) } };
  // Every model and version of a visible project, published or not.
  if (PROJECT_LEVEL_SETS.has(entitySet))
    return { projectId: { $in: [...new Set(visible.map((v) => v.id))] } };
  const published = visible.filter((v) => v.version > 0);
  if (!published.length) return { $expr: false };
  return { $or: published.map((v) => ({ projectId: v.id, version: v.version })) };
}

export function createMongoFeedReader(db: mongo.Db): FeedReader {
  const model = mongoFeedModel;
  const typeOfSet = (m: EntityModel, entitySet: string) =>
    findEntityType(m, m.entitySets.find((s) => s.name === entitySet)!.entityType)!;
  /** field name → property name, per entity type, to turn documents back into entity rows. */
  const renames = new WeakMap<EntityType, [string, string][]>();
  const toRow = (
    entitySet: string,
    doc: Record<string, unknown>,
    m: EntityModel = model,
  ): Record<string, unknown> => {
    const type = typeOfSet(m, entitySet);
    let fields = renames.get(type);
    if (!fields) renames.set(type, (fields = type.properties.map((p) => [columnOf(p), p.name])));
    const row: Record<string, unknown> = {};
    for (const [field, name] of fields) {
      const value = doc[field];
      row[name] = value instanceof mongo.ObjectId ? value.toHexString() : value;
    }
    return row;
  };
  const table = (entitySet: string, m: EntityModel = model) => db.collection(typeOfSet(m, entitySet).table!);
  /** The change sets these projects serve now: complete and of a version still kept (ifc_versions). */
  async function changeSetVersions(ids: readonly string[]): Promise<{ id: string; version: number }[]> {
    if (!ids.length) return [];
    const complete = await db
      .collection<VersionDoc>(VERSIONS_COLLECTION)
      .find(
        { projectId: { $in: [...ids] }, retained: true, changeRows: true },
        { projection: { _id: 0, projectId: 1, version: 1 } },
      )
      .toArray();
    return complete.map((c) => ({ id: c.projectId, version: c.version }));
  }
  /**
   * Change rows of every version of the visible projects' models whose change set is served (changeSetVersions),
   * not only the published versions; `changeSets` narrows them to what a page link began with.
   */
  async function changeScope(
    visible: VisibleVersion[],
    changeSets?: readonly { id: string; version: number }[],
  ): Promise<MongoDoc> {
    const pinned = changeSets && new Set(changeSets.map((c) => `${c.version}:${c.id}`));
    const complete = (await changeSetVersions([...new Set(visible.map((v) => v.id))])).filter(
      (c) => !pinned || pinned.has(`${c.version}:${c.id}`),
    );
    if (!complete.length) return { $expr: false };
    const byProject = new Map<string, number[]>();
    for (const { id, version } of complete) byProject.set(id, [...(byProject.get(id) ?? []), version]);
    return {
      $or: [...byProject].map(([projectId, versions]) => ({ projectId, version: { $in: versions } })),
    };
  }
  const scopeFor = (
    entitySet: string,
    visible: VisibleVersion[],
    changeSets?: readonly { id: string; version: number }[],
  ) =>
    isChangeSet(entitySet) ? changeScope(visible, changeSets) : Promise.resolve(scopeDoc(entitySet, visible));

  return {
    model,
    // A version's rows are stored while its record says retained (pruned: retained false; deleted version, model
    // or project: no record). Asked by project, then matched here: the pairs of one pull are few.
    async heldVersions(pairs) {
      if (!pairs.length) return [];
      const records = await db
        .collection<VersionDoc>(VERSIONS_COLLECTION)
        .find(
          { projectId: { $in: [...new Set(pairs.map((p) => p.id))] }, retained: true },
          { projection: { _id: 0, projectId: 1, version: 1 } },
        )
        .toArray();
      const held = new Set(records.map((r) => `${r.version}:${r.projectId}`));
      return pairs.filter((p) => held.has(`${p.version}:${p.id}`));
    },
    changeSetVersions,
    async wideSetVersions(projectId) {
      const [built, records] = await Promise.all([
        db
          .collection<WideCatalogDoc>(WIDE_CATALOGS)
          .find({ projectId }, { projection: { _id: 0, version: 1 } })
          .toArray(),
        db
          .collection<VersionDoc>(VERSIONS_COLLECTION)
          .find({ projectId }, { projection: { _id: 0, version: 1, modelId: 1 } })
          .toArray(),
      ]);
      const modelOf = new Map(records.map((r) => [r.version, r.modelId]));
      return built.flatMap(({ version }) => {
        const modelId = modelOf.get(version);
        return modelId === undefined ? [] : [{ modelId, version }];
      });
    },
    async visibleVersions(scope) {
      if (scope.projectIds ? !scope.projectIds.length : !scope.userId) return [];
      const filter: MongoDoc = scope.projectIds
        ? {
            _id: { $in: [...scope.projectIds] },
            $or: [{ isPublic: true }, ...(scope.userId ? [{ ownerId: scope.userId }] : [])],
          }
        : { $or: [{ ownerId: scope.userId }, { chosenBy: scope.userId }] };
      const docs = await db
        .collection<ProjectDoc>('projects')
        .find(filter, {
          projection: {
            version: 1,
            isPublic: 1,
            createdAt: 1,
            processedAt: 1,
            models: 1,
            name: 1,
          },
          sort: { _id: 1 },
        })
        .toArray();
      // One entry per published model, all with the project's stamp; a project with none still lists (version 0).
      return docs.flatMap((d) => {
        const base = { id: d._id, isPublic: d.isPublic, stamp: (d.processedAt ?? d.createdAt).getTime() };
        const published = modelsOf(d).filter((m) => m.publishedVersion > 0);
        return published.length
          ? published.map((m) => ({ ...base, version: m.publishedVersion, modelId: m.id }))
          : [{ ...base, version: 0 }];
      });
    },
    page({ entitySet, query, visible, after, limit, model: requestModel, changeSets }) {
      const m = requestModel ?? model;
      // Skip-token values of an ObjectId key come back as hex text: compare them as ObjectIds again.
      const restored = after?.map((v) =>
        typeof v === 'string' && OBJECT_ID.test(v) && entitySet === 'IFCProperties'
          ? new mongo.ObjectId(v)
          : v,
      );
      const compile = (scope: MongoDoc) =>
        compileMongoQuery(query, { model: m, entityType: entitySet, scope, after: restored, limit });
      // Compiled here so a query the compiler refuses fails the call itself; change sets get their scope below.
      const first = compile(scopeDoc(entitySet, visible));
      return {
        rows: (async function* () {
          const compiled = isChangeSet(entitySet) ? compile(await changeScope(visible, changeSets)) : first;
          const cursor = table(entitySet, m).find(compiled.filter, {
            projection: compiled.projection,
            sort: Object.fromEntries(compiled.sort.map((k) => [k.field, k.direction])),
            ...(compiled.skip ? { skip: compiled.skip } : {}),
            ...(compiled.limit !== undefined ? { limit: compiled.limit } : {}),
          });
          try {
            // The first batch, where a server that cannot evaluate the filter says so.
            const first = await orNotImplemented(cursor.hasNext());
            if (first)
              for await (const doc of cursor) yield toRow(entitySet, doc as Record<string, unknown>, m);
          } finally {
            await cursor.close();
          }
        })(),
        sortValues: (row) => mongoSortValues(row as Record<string, unknown>, first.sort),
      };
    },
    async count({ entitySet, query, visible, model: requestModel, changeSets }) {
      const m = requestModel ?? model;
      const filter = compileMongoCount(query, {
        model: m,
        entityType: entitySet,
        scope: await scopeFor(entitySet, visible, changeSets),
      });
      return orNotImplemented(table(entitySet, m).countDocuments(filter));
    },
    async expand({ entitySet, item, parentValues, visible, perParent }) {
      const parentType = findEntityType(
        model,
        model.entitySets.find((s) => s.name === entitySet)!.entityType,
      )!;
      const values = parentValues.filter((v) => v !== null && v !== undefined);
      // The same access scope as a top-level query on the target set: visible projects at published versions.
      const scope = await scopeFor(planExpand(item, model, parentType).targetSet, visible);
      const plan = compileExpandMongo(item, model, parentType, values, { scope });
      const collection = table(plan.targetSet);
      const find = (filter: MongoDoc, limit: number | undefined, skip: number | undefined) => {
        const q = compileMongoQuery(
          { ...(item.options.select ? { select: item.options.select } : {}) },
          { model, entityType: plan.targetSet },
        );
        const docs = collection
          .find(filter, {
            projection: { ...q.projection, [plan.parentField]: 1 },
            sort: Object.fromEntries(plan.sort.map((k) => [k.field, k.direction])),
            ...(skip ? { skip } : {}),
            ...(limit !== undefined ? { limit } : {}),
          })
          .toArray();
        return orNotImplemented(docs);
      };
      const groups = new Map<unknown, Record<string, unknown>[]>();
      const keep = (doc: Record<string, unknown>) => {
        const row = toRow(plan.targetSet, doc);
        const parent = row[plan.targetProperty];
        const group = groups.get(parent);
        if (group) group.push(row);
        else groups.set(parent, [row]);
      };
      if (!plan.collection) {
        // Single-valued: at most one target per value, so one $in query is bounded by the parents.
        for (const doc of await find(plan.filter, undefined, undefined)) keep(doc);
      } else {
        // Per-parent $top/$skip and the page-size cap: one bounded query per parent value (parents are a page
        // of Projects, so few); a $group/$push would gather every child before slicing.
        const take = plan.top === undefined ? perParent : Math.min(plan.top, perParent);
        // Mongo reads `limit: 0` as "no limit": a nested $top=0 reads nothing instead. A few queries at a time,
        // so a page of many parents does not queue thousands of cursors on the connection pool.
        const pending = take > 0 ? [...values] : [];
        while (pending.length) {
          const batch = pending.splice(0, EXPAND_CONCURRENCY);
          const perValue = await Promise.all(
            batch.map((v) =>
              find(compileExpandMongo(item, model, parentType, [v], { scope }).filter, take, plan.skip),
            ),
          );
          for (const docs of perValue) for (const doc of docs) keep(doc);
        }
      }
      let counts: Map<unknown, number> | undefined;
      if (item.options.count) {
        const grouped = await orNotImplemented(
          collection
            .aggregate<{ _id: unknown; n: number }>([
              { $match: plan.filter },
              { $group: { _id: `$${plan.parentField}`, n: { $sum: 1 } } },
            ])
            .toArray(),
        );
        counts = new Map(grouped.map((g) => [g._id, g.n]));
      }
      return {
        groups,
        ...(counts ? { counts } : {}),
        sortValues: (row) => mongoSortValues(row, plan.sort),
      };
    },
  };
}
