import type { CallNode, Expr, LiteralNode } from './ast';
import { checkExpr } from './check-expression';
import { ODataNotImplementedError } from './errors';
import { type PropertyDef, columnOf } from './model';
import { normaliseTimeOfDay } from './sql-expression';
import { type Kind, type Scope, resolvePath } from './typing';

export type MongoDoc = Record<string, unknown>;

/** Matches nothing (a plain `{}` matches everything). */
export const MATCH_NONE: MongoDoc = { $expr: false };

/** Value of a literal as stored in Mongo: DateTimeOffset as Date, the rest as JSON-ish scalars. */
export function mongoLiteral(l: LiteralNode): unknown {
  switch (l.type) {
    case 'dateTimeOffset':
      return new Date(l.value as string);
    case 'timeOfDay':
      return normaliseTimeOfDay(l.value as string);
    case 'int':
      return typeof l.value === 'bigint' ? Number(l.value) : l.value;
    case 'null':
    case 'boolean':
    case 'decimal':
    case 'double':
    case 'string':
    case 'date':
    case 'guid':
      return l.value;
    default:
      throw new ODataNotImplementedError(`${l.type} literals are not supported by the document store`, l.raw);
  }
}

/** Escapes every ASCII non-word character so user text is matched literally by the regex engine. */
export function escapeRegex(text: string): string {
  return text.replace(/[^A-Za-z0-9_\u0080-\uFFFF]/g, (c) => `\\${c}`);
}

/** The property of a plain (navigation-free) member path, or undefined. */
function propertyOf(e: Expr, scope: Scope): PropertyDef | undefined {
  if (e.kind !== 'member') return undefined;
  const r = resolvePath(e.path, scope, e.pos);
  if (r.navigations.length > 0 || r.variable !== undefined) {
    throw new ODataNotImplementedError(
      'Navigation paths and lambda operators are not supported by the document store',
      e.path.join('/'),
    );
  }
  return r.property;
}

/**
 * The stored case-mapped copy that `tolower(P)` / `toupper(P)` reads, for a property the store keeps one of
 * (PropertyDef.caseColumns), or undefined. The copy holds exactly what JavaScript's mapping gives, so every
 * filter and sort on it is exact, and a plain field serves the index-friendly filter shapes.
 */
export function caseMappedField(e: Expr, scope: Scope): string | undefined {
  if (e.kind !== 'call' || (e.name !== 'tolower' && e.name !== 'toupper') || !e.args[0]) return undefined;
  // Both mappings are idempotent (checked over every code point): tolower(tolower(P)) is tolower(P).
  const inner = e.args[0];
  if (inner.kind === 'call' && inner.name === e.name) return caseMappedField(inner, scope);
  const columns = propertyOf(inner, scope)?.caseColumns;
  if (!columns) return undefined;
  return e.name === 'tolower' ? columns.lower : columns.upper;
}

/** Field name of a plain (navigation-free) member path or of a case-mapped copy, or undefined. */
export function fieldOf(e: Expr, scope: Scope): string | undefined {
  if (e.kind === 'call') return caseMappedField(e, scope);
  const p = propertyOf(e, scope);
  return p ? columnOf(p) : undefined;
}

const isNull = (x: unknown): MongoDoc => ({ $eq: [x, null] });
const guard = (args: unknown[], expr: unknown): unknown => ({
  $cond: [{ $or: args.map(isNull) }, null, expr],
});

/** Aggregation expression for a value; every input is normalised so missing fields read as null. */
export function mongoValue(e: Expr, scope: Scope): unknown {
  const v = (x: Expr): unknown => mongoValue(x, scope);
  switch (e.kind) {
    case 'literal':
      return { $literal: mongoLiteral(e) };
    case 'member': {
      const f = fieldOf(e, scope);
      if (!f)
        throw new ODataNotImplementedError('Entity-valued paths are not supported here', e.path.join('/'));
      return { $ifNull: [`$${f}`, null] };
    }
    case 'negate':
      return { $multiply: [-1, v(e.operand)] };
    case 'arith': {
      const a = v(e.left);
      const b = v(e.right);
      const ints = checkExpr(e.left, scope) === 'int' && checkExpr(e.right, scope) === 'int';
      const nonZero = (x: unknown): unknown => ({ $cond: [{ $eq: [b, 0] }, null, x] });
      switch (e.op) {
        case 'add':
          return { $add: [a, b] };
        case 'sub':
          return { $subtract: [a, b] };
        case 'mul':
          return { $multiply: [a, b] };
        case 'div':
          return nonZero(ints ? { $trunc: [{ $divide: [a, b] }] } : { $divide: [a, b] });
        case 'divby':
          return nonZero({ $divide: [a, b] });
        case 'mod':
          return nonZero({ $mod: [a, b] });
      }
      break;
    }
    case 'call': {
      const mapped = caseMappedField(e, scope);
      return mapped ? { $ifNull: [`$${mapped}`, null] } : mongoCall(e, scope, v);
    }
    default:
      break;
  }
  throw new ODataNotImplementedError(`${e.kind} expressions are not supported by the document store`, e.kind);
}

/**
 * tolower/toupper of what has no stored case-mapped copy (caseMappedField takes those first). A literal is mapped
 * here, by JavaScript; a property without copies gets $toLower/$toUpper, which map ASCII only. Any other
 * expression answers 501: MongoDB cannot map its value as JavaScript does, and a wrong answer is worse than none.
 */
function caseMapped(e: CallNode, x: unknown): unknown {
  const arg = e.args[0];
  if (arg?.kind === 'literal')
    return typeof arg.value === 'string'
      ? { $literal: e.name === 'tolower' ? arg.value.toLowerCase() : arg.value.toUpperCase() }
      : { $literal: null };
  if (arg?.kind === 'member') return guard([x], { [e.name === 'tolower' ? '$toLower' : '$toUpper']: x });
  throw new ODataNotImplementedError(
    `${e.name} of an expression is not supported by the document store: apply it to a property`,
    e.name,
  );
}

function mongoCall(e: CallNode, scope: Scope, v: (x: Expr) => unknown): unknown {
  const args = e.args.map(v);
  const [x, y, z] = args;
  const kind: Kind | undefined = e.args[0] ? checkExpr(e.args[0], scope) : undefined;
  const part = (op: string, from: number, len: number): unknown =>
    kind === 'date' ? guard([x], { $toInt: { $substrCP: [x, from, len] } }) : { [op]: x };
  switch (e.name) {
    case 'contains':
      return guard([x, y], { $gte: [{ $indexOfCP: [x, y] }, 0] });
    case 'startswith':
      return guard([x, y], { $eq: [{ $substrCP: [x, 0, { $strLenCP: y }] }, y] });
    case 'endswith':
      return guard([x, y], {
        $cond: [
          { $lt: [{ $strLenCP: x }, { $strLenCP: y }] },
          false,
          {
            $eq: [
              { $substrCP: [x, { $subtract: [{ $strLenCP: x }, { $strLenCP: y }] }, { $strLenCP: y }] },
              y,
            ],
          },
        ],
      });
    case 'length':
      return guard([x], { $strLenCP: x });
    case 'indexof':
      return guard([x, y], { $indexOfCP: [x, y] });
    case 'substring':
      return guard(args, {
        $substrCP: [x, { $max: [y, 0] }, args.length === 3 ? { $max: [z, 0] } : { $strLenCP: x }],
      });
    case 'tolower':
    case 'toupper':
      return caseMapped(e, x);
    case 'trim':
      return guard([x], { $trim: { input: x, chars: ' ' } });
    case 'concat':
      return guard([x, y], { $concat: [x, y] });
    case 'year':
      return part('$year', 0, 4);
    case 'month':
      return part('$month', 5, 2);
    case 'day':
      return part('$dayOfMonth', 8, 2);
    case 'hour':
      return { $hour: x };
    case 'minute':
      return { $minute: x };
    case 'second':
      return { $second: x };
    case 'fractionalseconds':
      return guard([x], { $divide: [{ $millisecond: x }, 1000] });
    case 'date':
      return guard([x], { $dateToString: { format: '%Y-%m-%d', date: x } });
    case 'time':
      return guard([x], { $dateToString: { format: '%H:%M:%S.%L', date: x } });
    case 'totaloffsetminutes':
      return guard([x], 0);
    case 'now':
      return { $literal: new Date() };
    case 'maxdatetime':
      return { $literal: new Date('9999-12-31T23:59:59.999Z') };
    case 'mindatetime':
      return { $literal: new Date('0001-01-01T00:00:00.000Z') };
    case 'round':
      // $round rounds half to even; OData rounds half away from zero.
      return guard([x], {
        $multiply: [{ $cond: [{ $lt: [x, 0] }, -1, 1] }, { $floor: { $add: [{ $abs: x }, 0.5] } }],
      });
    case 'floor':
      return { $floor: x };
    case 'ceiling':
      return { $ceil: x };
    default:
      throw new ODataNotImplementedError(`Function ${e.name} is not supported by the document store`, e.name);
  }
}
