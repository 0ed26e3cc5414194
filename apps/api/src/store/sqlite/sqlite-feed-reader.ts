import {
  compileCountSql,
  compileExpandCountSql,
  compileExpandSql,
  compileSqlQuery,
  findEntityType,
  PARENT_COLUMN,
  planExpand,
  sortValuesOf,
  type EntityModel,
  type SqlFragment,
  type SqlValue,
} from '@aec/odata';
import { createFeedModel, PROJECT_LEVEL_SETS } from '../feed-model';
import { createSqliteJsonPages, INEXACT_COLUMN } from './sqlite-json-pages';
import { installCaseMap } from './sqlite-case-map';
import { changeScopeSql, createSqliteChangeSetVersions } from './sqlite-change-scope';
import { isChangeSet } from '../feed-change-sets';
import type { FeedQuery, FeedReader, VisibleVersion } from '../feed-types';
import type { SqliteDb } from './database';
import { createSqliteHeldVersions } from './sqlite-held-versions';

export const sqliteFeedModel = createFeedModel({
  projectIdOnRows: 'project_id',
  propertyKey: { column: 'Id', type: 'Edm.Int64' },
  projects: {
    ProjectId: 'id',
    Name: 'name',
    FileName: 'file_name',
    Status: 'status',
    Schema: 'schema',
    FileSize: 'file_size',
    ElementCount: 'element_count',
    PropertyCount: 'property_count',
    SpatialCount: 'spatial_count',
    CreatedAt: 'created_at',
    ProcessedAt: 'processed_at',
  },
  tables: {
    Projects: 'projects',
    IFCElements: 'ifc_elements',
    IFCProperties: 'ifc_properties',
    IFCSpatialStructure: 'ifc_spatial',
    IFCChanges: 'ifc_changes',
    IFCPropertyChanges: 'ifc_property_changes',
  },
  rowModel: {
    ModelId: 'model_id',
    ModelName: 'model_name',
    VersionNumber: 'version_number',
    ChangedAt: 'changed_at',
  },
  // Views (migration 12) over the models and versions tables.
  models: {
    table: 'feed_models',
    columns: {
      ModelId: 'id',
      ProjectId: 'project_id',
      Name: 'name',
      LatestVersionNumber: 'latest_version_number',
      VersionCount: 'version_count',
      CreatedAt: 'created_at',
    },
  },
  versions: {
    table: 'feed_versions',
    columns: {
      ModelId: 'model_id',
      VersionNumber: 'number',
      ProjectId: 'project_id',
      ModelName: 'model_name',
      FileName: 'file_name',
      FileSize: 'file_size',
      Schema: 'schema',
      Status: 'status',
      IsLatest: 'is_latest',
      Retained: 'retained',
      ElementCount: 'element_count',
      PropertyCount: 'property_count',
      SpatialCount: 'spatial_count',
      UploadedAt: 'uploaded_at',
      ProcessedAt: 'processed_at',
      ProcessingSeconds: 'processing_seconds',
      Added: 'added',
      Removed: 'removed',
      Modified: 'modified',
      PropertyValuesChanged: 'property_values_changed',
    },
  },
});

/**
 * Rows only at each visible project's published versions (one per model). One version (the common case: a
 * per-project feed of a single-model project, or a ProjectId filter) is two equalities, so pages come straight off
 * the primary key without sorting. Models and Versions: every one of the visible projects.
 */
function scopeSql(
  entitySet: string,
  visible: VisibleVersion[],
  changeSets?: FeedQuery['changeSets'],
): SqlFragment {
  if (!visible.length) return { sql: '0', params: [] };
  if (isChangeSet(entitySet)) return changeScopeSql(visible, changeSets);
  if (PROJECT_LEVEL_SETS.has(entitySet)) {
    const ids = [...new Set(visible.map((v) => v.id))];
    const column = entitySet === 'Projects' ? 'id' : 'project_id';
    return { sql: `"t0"."${column}" IN (${ids.map(() => '?').join(', ')})`, params: ids };
  }
  if (visible.length === 1) {
    return {
      sql: `"t0"."project_id" = ? AND "t0"."version" = ?`,
      params: [visible[0]!.id, visible[0]!.version],
    };
  }
  return {
    sql: `("t0"."project_id", "t0"."version") IN (VALUES ${visible.map(() => '(?, ?)').join(', ')})`,
    params: visible.flatMap((v) => [v.id, v.version]),
  };
}

/** The visible versions a set reads: row sets only published ones, project-level sets every visible project. */
const readable = (entitySet: string, visible: VisibleVersion[]) =>
  PROJECT_LEVEL_SETS.has(entitySet) ? visible : visible.filter((v) => v.version > 0);

const typeOfSet = (model: EntityModel, entitySet: string) =>
  findEntityType(model, model.entitySets.find((s) => s.name === entitySet)!.entityType)!;

export function createSqliteFeedReader(db: SqliteDb): FeedReader {
  const model = sqliteFeedModel;

  const jsonPages = createSqliteJsonPages(db);
  const caseMapTable = installCaseMap(db);
  const wideSetVersions = db.prepare(
    `SELECT v.model_id AS modelId, c.version FROM ifc_wide_catalogs c
     JOIN versions v ON v.project_id = c.project_id AND v.version = c.version
     WHERE c.project_id = ? ORDER BY c.version`,
  );

  return {
    model,
    heldVersions: createSqliteHeldVersions(db),
    changeSetVersions: createSqliteChangeSetVersions(db),
    async wideSetVersions(projectId) {
      return wideSetVersions.all(projectId) as { modelId: string; version: number }[];
    },
    async visibleVersions(scope) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (scope.projectIds !== undefined) {
        if (!scope.projectIds.length) return [];
        where.push(
          '(p.is_public = 1 OR p.owner_id = ?)',
          `p.id IN (${scope.projectIds.map(() => '?').join(', ')})`,
        );
        params.push(scope.userId, ...scope.projectIds);
      } else {
        where.push(
          '(p.owner_id = ? OR p.id IN (SELECT project_id FROM project_root_choices WHERE user_id = ?))',
        );
        params.push(scope.userId, scope.userId);
      }
      // Each model's published version; a project with none published still comes once (the Projects set).
      const rows = db
        .prepare(
          `SELECT p.id, COALESCE(m.published_version, 0) AS version, m.id AS model_id, p.is_public,
             COALESCE(p.processed_at, p.created_at) AS stamp
           FROM projects p LEFT JOIN models m ON m.project_id = p.id AND m.published_version > 0
           WHERE ${where.join(' AND ')} ORDER BY p.id, m.rowid`,
        )
        .all(...params) as {
        id: string;
        version: number;
        model_id: string | null;
        is_public: number;
        stamp: string;
      }[];
      return rows.map((r) => ({
        id: r.id,
        version: r.version,
        ...(r.model_id === null ? {} : { modelId: r.model_id }),
        isPublic: r.is_public === 1,
        stamp: Date.parse(r.stamp),
      }));
    },
    page({ entitySet, query, visible, after, limit, model: requestModel, encodeJson, changeSets }) {
      const published = readable(entitySet, visible);
      const options = {
        model: requestModel ?? model,
        entityType: entitySet,
        scope: scopeSql(entitySet, published, changeSets),
        after: after as SqlValue[] | undefined,
        limit,
        caseMapTable,
      };
      let compiled = compileSqlQuery(query, options);
      // SQLite writes each row's JSON while reading it: about twice the rows per second of reading the values.
      const type = typeOfSet(options.model, entitySet);
      const json = encodeJson === true && jsonPages.usable(entitySet, type, compiled.columns, published);
      if (json) compiled = compileSqlQuery(query, { ...options, asJson: { extraColumns: [INEXACT_COLUMN] } });
      const rowColumns = compiled.outputColumns;
      const sortIndexes = compiled.sortKeys.map((k) => rowColumns.indexOf(k.output));
      // A page is bounded (ODATA_PAGE_SIZE); raw arrays read about twice as fast as row objects in libsql.
      const rows = db
        .prepare(compiled.sql)
        .raw(true)
        .all(...compiled.params) as unknown[][];
      if (json) jsonPages.encodeInexactRows(rows, rowColumns, { entitySet, type, query, ...options });
      return {
        rows,
        rowColumns,
        ...(json ? { encoded: true } : {}),
        sortValues: (row) =>
          Array.isArray(row)
            ? sortIndexes.map((i) => row[i] ?? null)
            : sortValuesOf(row as Record<string, unknown>, compiled.sortKeys),
      };
    },
    async count({ entitySet, query, visible, model: requestModel, changeSets }) {
      const compiled = compileCountSql(query, {
        model: requestModel ?? model,
        entityType: entitySet,
        scope: scopeSql(entitySet, readable(entitySet, visible), changeSets),
        caseMapTable,
      });
      return (db.prepare(compiled.sql).get(...compiled.params) as { count: number }).count;
    },
    async expand({ entitySet, item, parentValues, visible, perParent }) {
      const parentType = typeOfSet(model, entitySet);
      const values = parentValues as SqlValue[];
      const plan = planExpand(item, model, parentType);
      // The same access scope as a top-level query on the target set: visible projects at published versions.
      const scope = scopeSql(plan.targetSet, readable(plan.targetSet, visible));
      const compiled = compileExpandSql(item, model, parentType, values, {
        scope,
        caseMapTable,
        ...(plan.collection ? { perParent } : {}),
      });
      const groups = new Map<unknown, Record<string, unknown>[]>();
      for (const row of db.prepare(compiled.sql).all(...compiled.params) as Record<string, unknown>[]) {
        const parent = row[PARENT_COLUMN];
        const group = groups.get(parent);
        if (group) group.push(row);
        else groups.set(parent, [row]);
      }
      let counts: Map<unknown, number> | undefined;
      if (item.options.count) {
        const c = compileExpandCountSql(item, model, parentType, values, { scope, caseMapTable });
        const rows = db.prepare(c.sql).all(...c.params) as Record<string, unknown>[];
        counts = new Map(rows.map((r) => [r[PARENT_COLUMN], Number(r.count)]));
      }
      return {
        groups,
        ...(counts ? { counts } : {}),
        sortValues: (row) => sortValuesOf(row, compiled.sortKeys),
      };
    },
  };
}
