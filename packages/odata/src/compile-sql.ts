import type { Expr, OrderByItem, QueryOptions } from './ast';
import { ODataValidationError } from './errors';
import { type EntityType, columnOf, findEntityType, findProperty, tableOf } from './model';
import { type SqlContext, compileSqlExpr } from './sql-expression';
import { JSON_COLUMN, sqlJsonObject } from './sql-json';
import { type SqlCompileOptions, type SqlFragment, type SqlValue, quoteIdent } from './sql-types';

export const ROOT_ALIAS = 't0';

/** One ORDER BY key; `property` is set when the value can be read back from the row by that name. */
export interface SortKey {
  sql: string;
  params: SqlValue[];
  direction: 'asc' | 'desc';
  /** Output column holding the value (a property name, or `$k<n>` for an expression). */
  output: string;
  /** True when the column is only in the result for paging and must not be written out. */
  hidden: boolean;
}

export interface SqlQuery {
  sql: string;
  params: SqlValue[];
  /** Properties selected, in order (entity key included even when not in $select). */
  columns: string[];
  sortKeys: SortKey[];
  /** Output columns of each result row, in order (rows read as arrays are aligned to these). */
  outputColumns: string[];
}

function entityTypeOf(opts: SqlCompileOptions): EntityType {
  if (typeof opts.entityType !== 'string') return opts.entityType;
  const set = opts.model.entitySets.find((s) => s.name === opts.entityType);
  const type = findEntityType(opts.model, set ? set.entityType : opts.entityType);
  if (!type)
    throw new ODataValidationError(`Unknown entity type '${opts.entityType}'`, String(opts.entityType));
  return type;
}

function context(opts: SqlCompileOptions): SqlContext {
  let n = 0;
  return {
    scope: { model: opts.model, type: entityTypeOf(opts), variables: {} },
    alias: ROOT_ALIAS,
    aliases: {},
    nextAlias: () => `t${++n}`,
    now: opts.now ?? (() => new Date()),
    stringMatch: opts.stringMatch ?? 'instr',
    ...(opts.caseMapTable ? { caseMapTable: opts.caseMapTable } : {}),
  };
}

function fromClause(opts: SqlCompileOptions): string {
  const type = entityTypeOf(opts);
  return `${quoteIdent(opts.table ?? tableOf(opts.model, type))} AS ${quoteIdent(ROOT_ALIAS)}`;
}

/** WHERE condition for a validated $filter expression (aliases already resolved). */
export function compileFilterSql(filter: Expr, opts: SqlCompileOptions): SqlFragment {
  return compileSqlExpr(filter, context(opts), 'truthy');
}

/** ORDER BY keys: the requested ones, then every key property not already sorted on (stable paging). */
export function compileSortKeys(orderby: OrderByItem[] | undefined, opts: SqlCompileOptions): SortKey[] {
  const ctx = context(opts);
  const type = entityTypeOf(opts);
  const keys: SortKey[] = [];
  const sorted = new Set<string>();
  (orderby ?? []).forEach((item, i) => {
    const f = compileSqlExpr(item.expr, ctx, 'exact');
    const prop =
      item.expr.kind === 'member' && item.expr.path.length === 1
        ? findProperty(type, item.expr.path[0] as string)
        : undefined;
    if (prop) sorted.add(prop.name);
    keys.push({ ...f, direction: item.direction, output: prop ? prop.name : `$k${i}`, hidden: !prop });
  });
  for (const k of type.key) {
    if (sorted.has(k)) continue;
    const prop = findProperty(type, k);
    if (!prop) throw new ODataValidationError(`Key property ${k} missing on ${type.name}`, k);
    keys.push({
      sql: `${quoteIdent(ROOT_ALIAS)}.${quoteIdent(columnOf(prop))}`,
      params: [],
      direction: 'asc',
      output: k,
      hidden: false,
    });
  }
  return keys;
}

/**
 * Keyset condition "strictly after `last`" for the given sort keys, matching SQLite's ordering
 * (NULLs first ascending, last descending). Values come from the previous page's last row.
 */
export function keysetPredicateSql(keys: SortKey[], last: readonly SqlValue[]): SqlFragment {
  if (last.length !== keys.length)
    throw new ODataValidationError('Skip token does not match the sort order', '$skiptoken');
  const after = (k: SortKey, v: SqlValue): SqlFragment => {
    if (k.direction === 'asc')
      return v === null
        ? { sql: `${k.sql} IS NOT NULL`, params: [...k.params] }
        : { sql: `${k.sql} > ?`, params: [...k.params, v] };
    return v === null
      ? { sql: '0', params: [] }
      : { sql: `(${k.sql} < ? OR ${k.sql} IS NULL)`, params: [...k.params, v, ...k.params] };
  };
  // Plain ascending non-null keys: a row value comparison, which SQLite can serve from an index.
  if (
    keys.every((k) => k.direction === 'asc') &&
    last.every((v) => v !== null) &&
    keys.every((k) => k.params.length === 0)
  ) {
    const lhs = keys.map((k) => k.sql).join(', ');
    return {
      sql: keys.length === 1 ? `${lhs} > ?` : `(${lhs}) > (${keys.map(() => '?').join(', ')})`,
      params: [...last],
    };
  }
  let acc: SqlFragment | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as SortKey;
    const v = last[i] as SqlValue;
    const a = after(k, v);
    if (!acc) acc = a;
    else
      acc = {
        sql: `(${a.sql} OR (${k.sql} IS ? AND ${acc.sql}))`,
        params: [...a.params, ...k.params, v, ...acc.params],
      };
  }
  return acc ?? { sql: '1', params: [] };
}

function selectedProperties(query: QueryOptions, type: EntityType): string[] {
  const all = type.properties.map((p) => p.name);
  if (!query.select || query.select.some((s) => s.path[0] === '*')) return all;
  const wanted = new Set([...query.select.map((s) => s.path[0] as string), ...type.key]);
  return all.filter((n) => wanted.has(n));
}

export interface SqlQueryOptions extends SqlCompileOptions {
  /** Extra condition ANDed to the filter, e.g. the caller's access scope. */
  scope?: SqlFragment;
  /** Last sort values of the previous page (from the skip token). */
  after?: readonly SqlValue[];
  /** Row limit for this page; defaults to $top. */
  limit?: number;
  /**
   * Each row's selected properties as one OData JSON object written by SQLite (column `$json`), followed by the
   * sort keys and these extra columns of the root table, instead of one column per property. The caller checks
   * `canEncodeJsonInSql` first.
   */
  asJson?: { extraColumns?: readonly string[] };
}

/** Full SELECT for an entity collection page: WHERE (scope AND filter AND keyset), ORDER BY, LIMIT/OFFSET. */
export function compileSqlQuery(query: QueryOptions, opts: SqlQueryOptions): SqlQuery {
  const type = entityTypeOf(opts);
  const columns = selectedProperties(query, type);
  // Sort values must come back with each row to build the next skip token.
  const sortKeys = compileSortKeys(query.orderby, opts).map((k) =>
    !k.hidden && !columns.includes(k.output) ? { ...k, hidden: true } : k,
  );
  const column = (name: string): SqlFragment => ({
    sql: `${quoteIdent(ROOT_ALIAS)}.${quoteIdent(columnOf(findProperty(type, name) as NonNullable<ReturnType<typeof findProperty>>))} AS ${quoteIdent(name)}`,
    params: [],
  });
  const select: SqlFragment[] = opts.asJson
    ? [
        { sql: `${sqlJsonObject(type, columns, ROOT_ALIAS)} AS ${quoteIdent(JSON_COLUMN)}`, params: [] },
        ...sortKeys.filter((k) => !k.hidden).map((k) => column(k.output)),
      ]
    : columns.map(column);
  for (const k of sortKeys)
    if (k.hidden && !columns.includes(k.output))
      select.push({ sql: `${k.sql} AS ${quoteIdent(k.output)}`, params: k.params });
  for (const extra of opts.asJson?.extraColumns ?? [])
    select.push({
      sql: `${quoteIdent(ROOT_ALIAS)}.${quoteIdent(extra)} AS ${quoteIdent(extra)}`,
      params: [],
    });
  const outputColumns = [
    ...(opts.asJson ? [JSON_COLUMN, ...sortKeys.filter((k) => !k.hidden).map((k) => k.output)] : columns),
    ...sortKeys.filter((k) => k.hidden && !columns.includes(k.output)).map((k) => k.output),
    ...(opts.asJson?.extraColumns ?? []),
  ];
  const where = whereParts(query, opts);
  if (opts.after) where.push(keysetPredicateSql(sortKeys, opts.after));
  const params: SqlValue[] = [...select.flatMap((s) => s.params)];
  let sql = `SELECT ${select.map((s) => s.sql).join(', ')} FROM ${fromClause(opts)}`;
  if (where.length > 0) {
    sql += ` WHERE ${where.map((w) => w.sql).join(' AND ')}`;
    params.push(...where.flatMap((w) => w.params));
  }
  sql += ` ORDER BY ${sortKeys.map((k) => `${k.sql} ${k.direction.toUpperCase()}`).join(', ')}`;
  params.push(...sortKeys.flatMap((k) => k.params));
  const limit = opts.limit ?? query.top;
  if (limit !== undefined || query.skip) {
    sql += ' LIMIT ?';
    params.push(limit ?? -1);
  }
  if (query.skip) {
    sql += ' OFFSET ?';
    params.push(query.skip);
  }
  return { sql, params, columns, sortKeys, outputColumns };
}

function whereParts(query: QueryOptions, opts: SqlQueryOptions): SqlFragment[] {
  const parts: SqlFragment[] = [];
  if (opts.scope) parts.push({ sql: `(${opts.scope.sql})`, params: opts.scope.params });
  if (query.filter) parts.push(compileFilterSql(query.filter, opts));
  return parts;
}

/** `SELECT COUNT(*) AS "count"` honouring $filter (and the scope), ignoring $top/$skip as OData requires. */
export function compileCountSql(query: QueryOptions, opts: SqlQueryOptions): SqlFragment {
  const where = whereParts(query, opts);
  const sql = `SELECT COUNT(*) AS "count" FROM ${fromClause(opts)}${where.length ? ` WHERE ${where.map((w) => w.sql).join(' AND ')}` : ''}`;
  return { sql, params: where.flatMap((w) => w.params) };
}

/** Sort values of a row as the keyset predicate expects them (for the next skip token). */
export function sortValuesOf(row: Record<string, unknown>, keys: SortKey[]): SqlValue[] {
  return keys.map((k) => {
    const v = row[k.output];
    return v === undefined ? null : (v as SqlValue);
  });
}
