import type { OrderByItem, QueryOptions } from './ast';
import { type MongoCompileOptions, compileMongoFilter, typeOf } from './compile-mongo';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { columnOf, findProperty } from './model';
import { MATCH_NONE, type MongoDoc } from './mongo-expression';

const and = (...xs: MongoDoc[]): MongoDoc => ({ $and: xs });
const or = (...xs: MongoDoc[]): MongoDoc => ({ $or: xs });

export interface MongoSortKey {
  field: string;
  direction: 1 | -1;
  /** Property name to read the value back from a result document. */
  property: string;
}

/** Sort on plain properties plus the key properties as tiebreak (expressions answer 501). */
export function compileMongoSort(
  orderby: OrderByItem[] | undefined,
  opts: MongoCompileOptions,
): MongoSortKey[] {
  const type = typeOf(opts);
  const keys: MongoSortKey[] = [];
  for (const item of orderby ?? []) {
    const p =
      item.expr.kind === 'member' && item.expr.path.length === 1
        ? findProperty(type, item.expr.path[0] as string)
        : undefined;
    if (!p) throw new ODataNotImplementedError('The document store sorts by properties only', '$orderby');
    keys.push({ field: columnOf(p), direction: item.direction === 'asc' ? 1 : -1, property: p.name });
  }
  for (const k of type.key) {
    const p = findProperty(type, k);
    if (p && !keys.some((x) => x.property === k))
      keys.push({ field: columnOf(p), direction: 1, property: k });
  }
  return keys;
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
