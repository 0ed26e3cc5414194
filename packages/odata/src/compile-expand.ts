import type { ExpandItem, QueryOptions } from './ast';
import { type SortKey, compileFilterSql, compileSortKeys } from './compile-sql';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import {
  type EntityModel,
  type EntityType,
  columnOf,
  findEntityType,
  findNavigation,
  findProperty,
  tableOf,
} from './model';
import { type MongoDoc, compileMongoFilter } from './compile-mongo';
import { compileMongoSort } from './mongo-query';
import { joinColumns } from './sql-expression';
import { type SqlFragment, type SqlValue, quoteIdent } from './sql-types';

/** Name of the extra output column holding the parent's join value, for grouping children. */
export const PARENT_COLUMN = '$parent';

export interface ExpandPlan {
  /** Navigation being expanded and the type of its rows. */
  navigation: string;
  collection: boolean;
  targetType: EntityType;
  /** First entity set of the target type (where a nested next link points). */
  targetSet: string;
  /** Property on the parent row whose values are passed as `parentValues`. */
  parentProperty: string;
  /** Property on the target rows that equals `parentProperty`. */
  targetProperty: string;
}

/** Resolves one validated, single-segment `$expand` item against the model (one-column joins only). */
export function planExpand(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
): ExpandPlan & { targetColumn: string } {
  const name = item.path[0] as string;
  const nav = findNavigation(parentType, name);
  const target = nav && findEntityType(model, nav.target);
  const targetSet = target && model.entitySets.find((s) => s.entityType === target.name)?.name;
  if (!nav || !target || !targetSet)
    throw new ODataValidationError(`Unknown navigation property '${name}'`, name);
  const ctx = {
    scope: { model, type: parentType, variables: {} },
    alias: 't0',
    aliases: {},
    nextAlias: () => 't1',
    now: () => new Date(),
    stringMatch: 'instr' as const,
  };
  const pairs = joinColumns(ctx, parentType, nav, target);
  if (pairs.length !== 1)
    throw new ODataNotImplementedError('Expanding over composite keys is not supported', name);
  const [parentCol, targetCol] = pairs[0] as [string, string];
  const parentProp = parentType.properties.find((p) => columnOf(p) === parentCol);
  const targetProp = target.properties.find((p) => columnOf(p) === targetCol);
  if (!parentProp || !targetProp)
    throw new ODataValidationError(`Bad referential constraint on ${name}`, name);
  return {
    navigation: name,
    collection: nav.collection,
    targetType: target,
    targetSet,
    parentProperty: parentProp.name,
    targetProperty: targetProp.name,
    targetColumn: targetCol,
  };
}

/** Properties written for `options.select` (all when absent or `*`), the key always included. */
export function selectedPropertyNames(type: EntityType, options: QueryOptions): string[] {
  const all = type.properties.map((x) => x.name);
  const select = options.select;
  if (!select || select.some((s) => s.path[0] === '*')) return all;
  return all.filter((n) => type.key.includes(n) || select.some((s) => s.path[0] === n));
}

export interface ExpandSqlOptions {
  /** Access condition on the target rows (alias `t0`), ANDed to the join and the nested $filter. */
  scope?: SqlFragment;
  /** SqlCompileOptions.caseMapTable, for the nested $filter and $orderby. */
  caseMapTable?: string;
  /**
   * Most rows returned per parent after the nested $skip, on top of the nested $top; the caller asks one more
   * than its page size to learn that a parent has more.
   */
  perParent?: number;
}

export interface ExpandSqlQuery extends ExpandPlan, SqlFragment {
  /** Selected properties (key included) in output order, then `$parent`. */
  columns: string[];
  /**
   * The order of the target set's own page query for the nested $orderby, so a row's values make a keyset
   * skip token for that set; hidden keys come back as extra output columns.
   */
  sortKeys: SortKey[];
}

/**
 * One query for the expanded rows of many parents: `WHERE fk IN (parents)` plus the scope and the nested
 * $filter, ordered per parent by the nested $orderby and key; nested $top/$skip and the per-parent cap apply per
 * parent (ROW_NUMBER over the parent). Rows carry `$parent` for grouping. Nested $expand is applied by calling
 * this again with the child rows.
 */
export function compileExpandSql(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
  parentValues: readonly SqlValue[],
  options: ExpandSqlOptions = {},
): ExpandSqlQuery {
  const { targetColumn, ...p } = planExpand(item, model, parentType);
  const opts = { model, entityType: p.targetType, caseMapTable: options.caseMapTable };
  const o = item.options;
  const wanted = selectedPropertyNames(p.targetType, o);
  const sortKeys = compileSortKeys(o.orderby, opts).map((k) =>
    !k.hidden && !wanted.includes(k.output) ? { ...k, hidden: true } : k,
  );
  const col = (n: string): string =>
    `"t0".${quoteIdent(columnOf(findProperty(p.targetType, n) as NonNullable<ReturnType<typeof findProperty>>))}`;
  const hidden = sortKeys.filter((k) => k.hidden && !wanted.includes(k.output));
  const outputs = [...wanted.map((n) => quoteIdent(n)), ...hidden.map((k) => quoteIdent(k.output))];
  const selectList = [
    ...wanted.map((n) => `${col(n)} AS ${quoteIdent(n)}`),
    ...hidden.map((k) => `${k.sql} AS ${quoteIdent(k.output)}`),
  ];
  const selectParams = hidden.flatMap((k) => k.params);
  const parentExpr = `"t0".${quoteIdent(targetColumn)}`;
  const table = `${quoteIdent(tableOf(model, p.targetType))} AS "t0"`;
  const values = parentValues.filter((v) => v !== null);
  const columns = [...wanted];
  if (values.length === 0)
    return {
      ...p,
      sql: `SELECT ${selectList.join(', ')}, NULL AS "${PARENT_COLUMN}" FROM ${table} WHERE 0`,
      params: selectParams,
      columns,
      sortKeys,
    };
  const where: SqlFragment[] = [
    { sql: `${parentExpr} IN (${values.map(() => '?').join(', ')})`, params: [...values] },
  ];
  if (options.scope) where.push({ sql: `(${options.scope.sql})`, params: options.scope.params });
  if (o.filter) where.push(compileFilterSql(o.filter, opts));
  const orderSql = sortKeys.map((k) => `${k.sql} ${k.direction.toUpperCase()}`).join(', ');
  const orderParams = sortKeys.flatMap((k) => k.params);
  const select = `${selectList.join(', ')}, ${parentExpr} AS "${PARENT_COLUMN}"`;
  const from = `${table} WHERE ${where.map((w) => w.sql).join(' AND ')}`;
  const whereParams = where.flatMap((w) => w.params);
  const skip = o.skip ?? 0;
  const take =
    o.top === undefined ? options.perParent : Math.min(o.top, options.perParent ?? Number.MAX_SAFE_INTEGER);
  if (take === undefined && !skip) {
    return {
      ...p,
      sql: `SELECT ${select} FROM ${from} ORDER BY ${parentExpr}, ${orderSql}`,
      params: [...selectParams, ...whereParams, ...orderParams],
      columns,
      sortKeys,
    };
  }
  const inner = `SELECT ${select}, ROW_NUMBER() OVER (PARTITION BY ${parentExpr} ORDER BY ${orderSql}) AS "$rn" FROM ${from}`;
  const bounds = take === undefined ? '"$rn" > ?' : '"$rn" > ? AND "$rn" <= ?';
  const outer = `SELECT ${[...outputs, `"${PARENT_COLUMN}"`].join(', ')} FROM (${inner}) WHERE ${bounds} ORDER BY "${PARENT_COLUMN}", "$rn"`;
  return {
    ...p,
    sql: outer,
    params: [
      ...selectParams,
      ...orderParams,
      ...whereParams,
      skip,
      ...(take === undefined ? [] : [skip + take]),
    ],
    columns,
    sortKeys,
  };
}

/** `Nav@odata.count` for many parents at once: `$parent`, `count` per parent with children (nested $filter). */
export function compileExpandCountSql(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
  parentValues: readonly SqlValue[],
  options: Pick<ExpandSqlOptions, 'scope' | 'caseMapTable'> = {},
): SqlFragment {
  const { targetColumn, targetType } = planExpand(item, model, parentType);
  const values = parentValues.filter((v) => v !== null);
  const parentExpr = `"t0".${quoteIdent(targetColumn)}`;
  const where: SqlFragment[] = [
    values.length
      ? { sql: `${parentExpr} IN (${values.map(() => '?').join(', ')})`, params: [...values] }
      : { sql: '0', params: [] },
  ];
  if (options.scope) where.push({ sql: `(${options.scope.sql})`, params: options.scope.params });
  if (item.options.filter)
    where.push(
      compileFilterSql(item.options.filter, {
        model,
        entityType: targetType,
        caseMapTable: options.caseMapTable,
      }),
    );
  return {
    sql: `SELECT ${parentExpr} AS "${PARENT_COLUMN}", COUNT(*) AS "count" FROM ${quoteIdent(tableOf(model, targetType))} AS "t0" WHERE ${where.map((w) => w.sql).join(' AND ')} GROUP BY ${parentExpr}`,
    params: where.flatMap((w) => w.params),
  };
}

/**
 * Mongo form: filter/sort for the children of many parents (scope ANDed when given); per-parent $top/$skip is
 * left to the caller.
 */
export function compileExpandMongo(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
  parentValues: readonly unknown[],
  options: { scope?: MongoDoc } = {},
): ExpandPlan & {
  filter: MongoDoc;
  sort: { field: string; direction: 1 | -1; property: string }[];
  parentField: string;
  top?: number;
  skip?: number;
} {
  const { targetColumn, ...p } = planExpand(item, model, parentType);
  const opts = { model, entityType: p.targetType };
  const parts: MongoDoc[] = [{ [targetColumn]: { $in: parentValues.filter((v) => v !== null) } }];
  if (options.scope) parts.push(options.scope);
  if (item.options.filter) parts.push(compileMongoFilter(item.options.filter, opts));
  const out: ReturnType<typeof compileExpandMongo> = {
    ...p,
    filter: parts.length === 1 ? (parts[0] as MongoDoc) : { $and: parts },
    sort: compileMongoSort(item.options.orderby, opts),
    parentField: targetColumn,
  };
  if (item.options.top !== undefined) out.top = item.options.top;
  if (item.options.skip !== undefined) out.skip = item.options.skip;
  return out;
}
