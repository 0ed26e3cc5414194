import type { Expr, LiteralNode, OrderByItem, QueryOptions } from './ast';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { type EntityModel, type EntityType, columnOf, findEntityType, findProperty } from './model';
import {
  MATCH_NONE,
  type MongoDoc,
  escapeRegex,
  fieldOf,
  mongoLiteral,
  mongoValue,
} from './mongo-expression';
import type { Scope } from './typing';

export { MATCH_NONE, type MongoDoc } from './mongo-expression';

/**
 * A Boolean expression as two filters: documents where it is TRUE and where it is FALSE. OData's
 * `not` over null must exclude the null rows, which `$nor` alone would include; keeping both
 * sides makes `not`, `eq false` and `eq null` exact.
 */
interface Bool {
  t: MongoDoc;
  f: MongoDoc;
}

const FLIP: Record<string, string> = { lt: 'gt', le: 'ge', gt: 'lt', ge: 'le', eq: 'eq', ne: 'ne' };
const QUERY_OP: Record<string, string> = {
  eq: '$eq',
  ne: '$ne',
  lt: '$lt',
  le: '$lte',
  gt: '$gt',
  ge: '$gte',
};

const and = (...xs: MongoDoc[]): MongoDoc => ({ $and: xs });
const or = (...xs: MongoDoc[]): MongoDoc => ({ $or: xs });
const nor = (...xs: MongoDoc[]): MongoDoc => ({ $nor: xs });
const twoValued = (t: MongoDoc): Bool => ({ t, f: nor(t) });

function compileBool(e: Expr, scope: Scope): Bool {
  switch (e.kind) {
    case 'literal':
      if (e.type === 'boolean') return e.value ? { t: {}, f: MATCH_NONE } : { t: MATCH_NONE, f: {} };
      if (e.type === 'null') return { t: MATCH_NONE, f: MATCH_NONE };
      break;
    case 'member': {
      const field = fieldOf(e, scope);
      if (field) return { t: { [field]: true }, f: { [field]: false } };
      break;
    }
    case 'logical': {
      const a = compileBool(e.left, scope);
      const b = compileBool(e.right, scope);
      return e.op === 'and' ? { t: and(a.t, b.t), f: or(a.f, b.f) } : { t: or(a.t, b.t), f: and(a.f, b.f) };
    }
    case 'not': {
      const a = compileBool(e.operand, scope);
      return { t: a.f, f: a.t };
    }
    case 'compare':
      return compileCompare(e, scope);
    case 'in':
      return compileIn(e, scope);
    case 'call':
      return compileBoolCall(e, scope);
    default:
      break;
  }
  // Anything else Boolean-valued: evaluate with $expr; null inputs yield null, which is neither side.
  const v = mongoValue(e, scope);
  return { t: { $expr: { $eq: [v, true] } }, f: { $expr: { $eq: [v, false] } } };
}

function isBoolLiteral(e: Expr): e is LiteralNode {
  return e.kind === 'literal' && (e.type === 'boolean' || e.type === 'null');
}

function compileCompare(e: Extract<Expr, { kind: 'compare' }>, scope: Scope): Bool {
  // Boolean expression compared with true/false/null: reuse its TRUE/FALSE filters.
  for (const [x, lit] of [
    [e.left, e.right],
    [e.right, e.left],
  ] as const) {
    if (isBoolLiteral(lit) && !isBoolLiteral(x) && (e.op === 'eq' || e.op === 'ne') && x.kind !== 'member') {
      const b = compileBool(x, scope);
      const match = lit.type === 'null' ? nor(b.t, b.f) : lit.value ? b.t : b.f;
      return twoValued(e.op === 'eq' ? match : nor(match));
    }
  }
  const lf = fieldOf(e.left, scope);
  const rf = fieldOf(e.right, scope);
  if (lf && e.right.kind === 'literal') return twoValued(fieldCompare(lf, e.op, e.right));
  if (rf && e.left.kind === 'literal') return twoValued(fieldCompare(rf, FLIP[e.op] as string, e.left));
  const a = mongoValue(e.left, scope);
  const b = mongoValue(e.right, scope);
  if (e.op === 'eq' || e.op === 'ne') return twoValued({ $expr: { [QUERY_OP[e.op] as string]: [a, b] } });
  // Aggregation comparisons order null below everything; OData says relational ops on null are false.
  return twoValued({
    $expr: { $and: [{ $ne: [a, null] }, { $ne: [b, null] }, { [QUERY_OP[e.op] as string]: [a, b] }] },
  });
}

function fieldCompare(field: string, op: string, lit: LiteralNode): MongoDoc {
  const value = mongoLiteral(lit);
  if (value === null && op !== 'eq' && op !== 'ne') return MATCH_NONE;
  return { [field]: { [QUERY_OP[op] as string]: value } };
}

function compileIn(e: Extract<Expr, { kind: 'in' }>, scope: Scope): Bool {
  if (e.right.kind !== 'list')
    throw new ODataNotImplementedError('in with a non-literal collection is not supported', 'in');
  const values = e.right.items.map(mongoLiteral);
  const field = fieldOf(e.left, scope);
  if (field) return twoValued({ [field]: { $in: values } });
  return twoValued({ $expr: { $in: [mongoValue(e.left, scope), { $literal: values }] } });
}

function compileBoolCall(e: Extract<Expr, { kind: 'call' }>, scope: Scope): Bool {
  const [first, second] = e.args;
  const field = first ? fieldOf(first, scope) : undefined;
  const text = second?.kind === 'literal' && second.type === 'string' ? (second.value as string) : undefined;
  const patterns: Record<string, (s: string) => string> = {
    contains: (s) => escapeRegex(s),
    startswith: (s) => `^${escapeRegex(s)}`,
    endswith: (s) => `${escapeRegex(s)}$`,
  };
  const pattern = patterns[e.name];
  if (field && text !== undefined && pattern) {
    // Regex only ever sees escaped user text; null and missing fields match neither side.
    const regex = { $regex: pattern(text) };
    return { t: { [field]: regex }, f: { [field]: { $type: 'string', $not: regex } } };
  }
  if (e.name === 'matchespattern')
    throw new ODataNotImplementedError('matchesPattern is not supported', e.name);
  const v = mongoValue(e, scope);
  return { t: { $expr: { $eq: [v, true] } }, f: { $expr: { $eq: [v, false] } } };
}

export interface MongoCompileOptions {
  model: EntityModel;
  entityType: EntityType | string;
}

function typeOf(opts: MongoCompileOptions): EntityType {
  if (typeof opts.entityType !== 'string') return opts.entityType;
  const set = opts.model.entitySets.find((s) => s.name === opts.entityType);
  const t = findEntityType(opts.model, set ? set.entityType : opts.entityType);
  if (!t) throw new ODataValidationError(`Unknown entity type '${opts.entityType}'`, String(opts.entityType));
  return t;
}

/** Mongo filter document for a validated $filter. */
export function compileMongoFilter(filter: Expr, opts: MongoCompileOptions): MongoDoc {
  return compileBool(filter, { model: opts.model, type: typeOf(opts), variables: {} }).t;
}

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
  /** `{field: 1}` projection of the selected properties (keys always included). */
  projection: Record<string, 1>;
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
  const out: MongoQuery = {
    filter: parts.length === 0 ? {} : parts.length === 1 ? (parts[0] as MongoDoc) : and(...parts),
    sort,
    projection,
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
