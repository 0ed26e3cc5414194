import type { ExpandItem } from './ast';
import { compileFilterSql, compileSortKeys } from './compile-sql';
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
  /** Property on the parent row whose values are passed as `parentValues`. */
  parentProperty: string;
}

function plan(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
): ExpandPlan & { targetColumn: string } {
  const name = item.path[0] as string;
  const nav = findNavigation(parentType, name);
  const target = nav && findEntityType(model, nav.target);
  if (!nav || !target) throw new ODataValidationError(`Unknown navigation property '${name}'`, name);
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
  if (!parentProp) throw new ODataValidationError(`Bad referential constraint on ${name}`, name);
  return {
    navigation: name,
    collection: nav.collection,
    targetType: target,
    parentProperty: parentProp.name,
    targetColumn: targetCol,
  };
}

/**
 * One query for the expanded rows of many parents: `WHERE fk IN (parents)` plus the nested
 * $filter, ordered per parent by the nested $orderby and key; nested $top/$skip apply per parent
 * (ROW_NUMBER over the parent). Rows carry `$parent` for grouping. Nested $expand is applied by
 * calling this again with the child rows.
 */
export function compileExpandSql(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
  parentValues: readonly SqlValue[],
): ExpandPlan & SqlFragment & { columns: string[] } {
  const p = plan(item, model, parentType);
  const opts = { model, entityType: p.targetType };
  const o = item.options;
  const all = p.targetType.properties.map((x) => x.name);
  const wanted =
    !o.select || o.select.some((s) => s.path[0] === '*')
      ? all
      : all.filter((n) => p.targetType.key.includes(n) || o.select?.some((s) => s.path[0] === n));
  const col = (n: string): string =>
    `"t0".${quoteIdent(columnOf(findProperty(p.targetType, n) as NonNullable<ReturnType<typeof findProperty>>))}`;
  const parentExpr = `"t0".${quoteIdent(p.targetColumn)}`;
  const values = parentValues.filter((v) => v !== null);
  if (values.length === 0)
    return {
      ...p,
      sql: `SELECT ${wanted.map((n) => `${col(n)} AS ${quoteIdent(n)}`).join(', ')}, NULL AS "${PARENT_COLUMN}" FROM ${quoteIdent(tableOf(model, p.targetType))} AS "t0" WHERE 0`,
      params: [],
      columns: wanted,
    };
  const where: SqlFragment[] = [
    { sql: `${parentExpr} IN (${values.map(() => '?').join(', ')})`, params: [...values] },
  ];
  if (o.filter) where.push(compileFilterSql(o.filter, opts));
  const keys = compileSortKeys(o.orderby, opts);
  const orderSql = keys.map((k) => `${k.sql} ${k.direction.toUpperCase()}`).join(', ');
  const orderParams = keys.flatMap((k) => k.params);
  const select = `${wanted.map((n) => `${col(n)} AS ${quoteIdent(n)}`).join(', ')}, ${parentExpr} AS "${PARENT_COLUMN}"`;
  const from = `${quoteIdent(tableOf(model, p.targetType))} AS "t0" WHERE ${where.map((w) => w.sql).join(' AND ')}`;
  const whereParams = where.flatMap((w) => w.params);
  if (o.top === undefined && !o.skip) {
    return {
      ...p,
      sql: `SELECT ${select} FROM ${from} ORDER BY ${parentExpr}, ${orderSql}`,
      params: [...whereParams, ...orderParams],
      columns: wanted,
    };
  }
  const skip = o.skip ?? 0;
  const inner = `SELECT ${select}, ROW_NUMBER() OVER (PARTITION BY ${parentExpr} ORDER BY ${orderSql}) AS "$rn" FROM ${from}`;
  const bounds = o.top === undefined ? '"$rn" > ?' : '"$rn" > ? AND "$rn" <= ?';
  const outer = `SELECT ${[...wanted.map(quoteIdent), `"${PARENT_COLUMN}"`].join(', ')} FROM (${inner}) WHERE ${bounds} ORDER BY "${PARENT_COLUMN}", "$rn"`;
  return {
    ...p,
    sql: outer,
    params: [...orderParams, ...whereParams, skip, ...(o.top === undefined ? [] : [skip + o.top])],
    columns: wanted,
  };
}

/** Mongo form: filter/sort for the children of many parents; per-parent $top/$skip is left to the caller. */
export function compileExpandMongo(
  item: ExpandItem,
  model: EntityModel,
  parentType: EntityType,
  parentValues: readonly unknown[],
): ExpandPlan & {
  filter: MongoDoc;
  sort: { field: string; direction: 1 | -1 }[];
  parentField: string;
  top?: number;
  skip?: number;
} {
  const p = plan(item, model, parentType);
  const opts = { model, entityType: p.targetType };
  const parts: MongoDoc[] = [{ [p.targetColumn]: { $in: parentValues.filter((v) => v !== null) } }];
  if (item.options.filter) parts.push(compileMongoFilter(item.options.filter, opts));
  const out: ReturnType<typeof compileExpandMongo> = {
    ...p,
    filter: parts.length === 1 ? (parts[0] as MongoDoc) : { $and: parts },
    sort: compileMongoSort(item.options.orderby, opts),
    parentField: p.targetColumn,
  };
  if (item.options.top !== undefined) out.top = item.options.top;
  if (item.options.skip !== undefined) out.skip = item.options.skip;
  return out;
}
