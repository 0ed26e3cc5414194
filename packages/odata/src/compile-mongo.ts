import type { Expr, LiteralNode } from './ast';
import { caseInsensitiveMatch } from './mongo-case-match';
import { nanComparison } from './nan-comparison';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { type EntityModel, type EntityType, findEntityType } from './model';
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
  const decided = nanComparison(e);
  if (decided !== null) return decided ? { t: {}, f: MATCH_NONE } : { t: MATCH_NONE, f: {} };
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
  if (e.op === 'eq' || e.op === 'ne') {
    const folded =
      caseInsensitiveMatch('eq', e.left, e.right, scope) ??
      caseInsensitiveMatch('eq', e.right, e.left, scope);
    if (folded) return e.op === 'eq' ? folded : { t: folded.f, f: folded.t };
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
  const folded = caseInsensitiveMatch(e.name, first, second, scope);
  if (folded) return folded;
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

export function typeOf(opts: MongoCompileOptions): EntityType {
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
