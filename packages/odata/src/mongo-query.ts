import type { Expr, OrderByItem, QueryOptions } from './ast';
import { type MongoCompileOptions, compileMongoFilter, typeOf } from './compile-mongo';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { type EntityType, type PropertyDef, columnOf, findProperty } from './model';
import { MATCH_NONE, type MongoDoc, caseMappedField } from './mongo-expression';

const and = (...xs: MongoDoc[]): MongoDoc => ({ $and: xs });
const or = (...xs: MongoDoc[]): MongoDoc => ({ $or: xs });

export interface MongoSortKey {
  field: string;
  direction: 1 | -1;
  /** Property name to read the value back from a result document. */
  property: string;
  /** Sorted by the property's stored case-mapped copy: the value read back is mapped the same way. */
  caseMap?: 'tolower' | 'toupper';
}

/** The property an $orderby item sorts by (directly or through tolower/toupper), or undefined. */
function sortedProperty(expr: Expr, type: EntityType): PropertyDef | undefined {
  const target = expr.kind === 'call' && expr.args.length === 1 ? expr.args[0]! : expr;
  return target.kind === 'member' && target.path.length === 1
    ? findProperty(type, target.path[0] as string)
    : undefined;
}

/**
 * Sort on plain properties, and on tolower/toupper of properties the store keeps case-mapped copies of, plus the
 * key properties as tiebreak (other expressions answer 501).
 */
export function compileMongoSort(
  orderby: OrderByItem[] | undefined,
  opts: MongoCompileOptions,
): MongoSortKey[] {
  const type = typeOf(opts);
  const scope = { model: opts.model, type, variables: {} };
  const keys: MongoSortKey[] = [];
  for (const item of orderby ?? []) {
    const direction = item.direction === 'asc' ? 1 : -1;
    const p = sortedProperty(item.expr, type);
    const mapped = item.expr.kind === 'call' ? caseMappedField(item.expr, scope) : undefined;
    if (p && mapped && item.expr.kind === 'call')
      keys.push({
        field: mapped,
        direction,
        property: p.name,
        caseMap: item.expr.name as 'tolower' | 'toupper',
      });
    else if (p && item.expr.kind === 'member') keys.push({ field: columnOf(p), direction, property: p.name });
    else
      throw new ODataNotImplementedError(
        'The document store sorts by properties and by tolower/toupper of text properties only',
        '$orderby',
      );
  }
  for (const k of type.key) {
    const p = findProperty(type, k);
    if (p && !keys.some((x) => x.property === k && !x.caseMap))
      keys.push({ field: columnOf(p), direction: 1, property: k });
  }
  return keys;
}

/** A result row's values of the sort keys, as the store compares them (for the keyset of the next page). */
export function mongoSortValues(row: Record<string, unknown>, keys: readonly MongoSortKey[]): unknown[] {
  return keys.map((k) => {
    const value = row[k.property] ?? null;
    if (typeof value !== 'string' || !k.caseMap) return value;
    return k.caseMap === 'tolower' ? value.toLowerCase() : value.toUpperCase();
  });
}

/** "Strictly after `last`" in Mongo's order (null/missing first ascending, last descending). */
export function mongoKeysetPredicate(keys: MongoSortKey[], last: readonly unknown[]): MongoDoc {
  if (last.length !== keys.length)
    throw new ODataValidationError('Skip token does not match the sort order', '$skiptoken');
  let acc: MongoDoc | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as MongoSortKey;
    const v = last[i] ?? null;
    const after: MongoDoc =
      k.direction === 1
        ? v === null
          ? { [k.field]: { $ne: null } }
          : { [k.field]: { $gt: v } }
        : v === null
          ? MATCH_NONE
          : or({ [k.field]: { $lt: v } }, { [k.field]: null });
    acc = acc ? or(after, and({ [k.field]: { $eq: v } }, acc)) : after;
  }
  return acc ?? {};
}

export interface MongoQuery {
  filter: MongoDoc;
  sort: MongoSortKey[];
  /** `{field: 1}` projection of the selected properties (keys and sort fields always included). */
  projection: Record<string, 1>;
  /** Properties to write out (selected ones plus the key), by property name. */
  columns: string[];
  skip?: number;
  limit?: number;
}

/** Everything for a `find()`: filter (scope AND $filter AND keyset), sort, projection, skip/limit. */
export function compileMongoQuery(
  query: QueryOptions,
  opts: MongoCompileOptions & { scope?: MongoDoc; after?: readonly unknown[]; limit?: number },
): MongoQuery {
  const type = typeOf(opts);
  const sort = compileMongoSort(query.orderby, opts);
  const parts: MongoDoc[] = [];
  if (opts.scope) parts.push(opts.scope);
  if (query.filter) parts.push(compileMongoFilter(query.filter, opts));
  if (opts.after) parts.push(mongoKeysetPredicate(sort, opts.after));
  const wanted =
    !query.select || query.select.some((s) => s.path[0] === '*')
      ? undefined
      : new Set([...query.select.map((s) => s.path[0]), ...type.key, ...sort.map((s) => s.property)]);
  const projection: Record<string, 1> = {};
  for (const p of type.properties) if (!wanted || wanted.has(p.name)) projection[columnOf(p)] = 1;
  const selected = new Set([...(query.select ?? []).map((s) => s.path[0]), ...type.key]);
  const columns = type.properties.filter((p) => !wanted || selected.has(p.name)).map((p) => p.name);
  const out: MongoQuery = {
    filter: parts.length === 0 ? {} : parts.length === 1 ? (parts[0] as MongoDoc) : and(...parts),
    sort,
    projection,
    columns,
  };
  if (query.skip) out.skip = query.skip;
  const limit = opts.limit ?? query.top;
  if (limit !== undefined) out.limit = limit;
  return out;
}

/** Filter for `countDocuments` ($top/$skip do not apply to counts). */
export function compileMongoCount(
  query: QueryOptions,
  opts: MongoCompileOptions & { scope?: MongoDoc },
): MongoDoc {
  return compileMongoQuery({ ...(query.filter ? { filter: query.filter } : {}) }, opts).filter;
}
