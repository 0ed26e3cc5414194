import {
  canEncodeJsonInSql,
  compileCountSql,
  compileExpandCountSql,
  compileExpandSql,
  compileSqlQuery,
  createEntityEncoder,
  findEntityType,
  PARENT_COLUMN,
  planExpand,
  sortValuesOf,
  type EntityModel,
  type QueryOptions,
  type SqlFragment,
  type SqlValue,
} from '@aec/odata';
import { createFeedModel } from '../feed-model';
import type { FeedReader, VisibleVersion } from '../feed-types';
import type { SqliteDb } from './database';

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
  },
});

/**
 * Rows only at each visible project's published version. One project (the common case: a per-project feed or a
 * ProjectId filter) is two equalities, so pages come straight off the primary key without sorting.
 */
function scopeSql(entitySet: string, visible: VisibleVersion[]): SqlFragment {
  if (!visible.length) return { sql: '0', params: [] };
  if (entitySet === 'Projects') {
    return { sql: `"t0"."id" IN (${visible.map(() => '?').join(', ')})`, params: visible.map((v) => v.id) };
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

/** Sets whose tables carry the `json_inexact` flag (see migration 6 and sqlite-feed-preparation). */
const JSON_SETS = new Set(['IFCElements', 'IFCProperties']);
const INEXACT = 'json_inexact';

const typeOfSet = (model: EntityModel, entitySet: string) =>
  findEntityType(model, model.entitySets.find((s) => s.name === entitySet)!.entityType)!;

export function createSqliteFeedReader(db: SqliteDb): FeedReader {
  const model = sqliteFeedModel;

  /** True when every version was checked for rows whose JSON SQLite cannot write exactly. */
  function checked(versions: VisibleVersion[]): boolean {
    if (!versions.length) return false;
    const found = db
      .prepare(
        `SELECT COUNT(*) AS n FROM ifc_json_checked WHERE (project_id, version) IN (VALUES ${versions.map(() => '(?, ?)').join(', ')})`,
      )
      .get(...versions.flatMap((v) => [v.id, v.version])) as { n: number };
    return found.n === versions.length;
  }

  /**
   * The entities of a few rows of a JSON page, encoded here from their stored values: the rows SQLite would print
   * inexactly (a double needing more than 15 digits). Keyed by entity key.
   */
  function encodeInexact(
    entitySet: string,
    requestModel: EntityModel,
    query: QueryOptions,
    scope: SqlFragment,
    keys: SqlValue[],
  ): Map<unknown, string> {
    const type = typeOfSet(requestModel, entitySet);
    const key = type.key[0]!;
    const compiled = compileSqlQuery(
      { select: query.select },
      {
        model: requestModel,
        entityType: entitySet,
        scope: {
          sql: `${scope.sql} AND "t0"."${key}" IN (${keys.map(() => '?').join(', ')})`,
          params: [...scope.params, ...keys],
        },
      },
    );
    const encode = createEntityEncoder({
      model: requestModel,
      entityType: type,
      entitySet,
      serviceRoot: '',
      properties: compiled.columns,
      rowColumns: compiled.outputColumns,
    });
    const keyIndex = compiled.outputColumns.indexOf(key);
    const rows = db
      .prepare(compiled.sql)
      .raw(true)
      .all(...compiled.params) as unknown[][];
    return new Map(rows.map((row) => [row[keyIndex], encode(row)]));
  }

  return {
    model,
    async visibleVersions(scope) {
      const where = ['(is_public = 1 OR owner_id = ?)'];
      const params: unknown[] = [scope.userId];
      if (scope.projectId !== undefined) {
        where.push('id = ?');
        params.push(scope.projectId);
      }
      const rows = db
        .prepare(`SELECT id, version, is_public FROM projects WHERE ${where.join(' AND ')} ORDER BY id`)
        .all(...params) as {
        id: string;
        version: number;
        is_public: number;
      }[];
      return rows.map((r) => ({ id: r.id, version: r.version, isPublic: r.is_public === 1 }));
    },
    page({ entitySet, query, visible, after, limit, model: requestModel, encodeJson }) {
      const published = entitySet === 'Projects' ? visible : visible.filter((v) => v.version > 0);
      const options = {
        model: requestModel ?? model,
        entityType: entitySet,
        scope: scopeSql(entitySet, published),
        after: after as SqlValue[] | undefined,
        limit,
      };
      let compiled = compileSqlQuery(query, options);
      // SQLite writes each row's JSON while reading it: about twice the rows per second of reading the values.
      const json =
        encodeJson === true &&
        JSON_SETS.has(entitySet) &&
        canEncodeJsonInSql(typeOfSet(options.model, entitySet), compiled.columns) &&
        checked(published);
      if (json) compiled = compileSqlQuery(query, { ...options, asJson: { extraColumns: [INEXACT] } });
      const rowColumns = compiled.outputColumns;
      const sortIndexes = compiled.sortKeys.map((k) => rowColumns.indexOf(k.output));
      // A page is bounded (ODATA_PAGE_SIZE); raw arrays read about twice as fast as row objects in libsql.
      const rows = db
        .prepare(compiled.sql)
        .raw(true)
        .all(...compiled.params) as unknown[][];
      if (json) {
        const flag = rowColumns.indexOf(INEXACT);
        const inexact = rows.filter((row) => row[flag] === 1);
        if (inexact.length) {
          const keyIndex = rowColumns.indexOf(typeOfSet(options.model, entitySet).key[0]!);
          const encoded = encodeInexact(
            entitySet,
            options.model,
            query,
            options.scope,
            inexact.map((row) => row[keyIndex] as SqlValue),
          );
          for (const row of inexact) row[0] = encoded.get(row[keyIndex]);
        }
      }
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
    async count({ entitySet, query, visible, model: requestModel }) {
      const compiled = compileCountSql(query, {
        model: requestModel ?? model,
        entityType: entitySet,
        scope: scopeSql(entitySet, entitySet === 'Projects' ? visible : visible.filter((v) => v.version > 0)),
      });
      return (db.prepare(compiled.sql).get(...compiled.params) as { count: number }).count;
    },
    async expand({ entitySet, item, parentValues, visible, perParent }) {
      const parentType = typeOfSet(model, entitySet);
      const values = parentValues as SqlValue[];
      const plan = planExpand(item, model, parentType);
      // The same access scope as a top-level query on the target set: visible projects at published versions.
      const scope = scopeSql(
        plan.targetSet,
        plan.targetSet === 'Projects' ? visible : visible.filter((v) => v.version > 0),
      );
      const compiled = compileExpandSql(item, model, parentType, values, {
        scope,
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
        const c = compileExpandCountSql(item, model, parentType, values, { scope });
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
