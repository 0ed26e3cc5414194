import type { ArithmeticOp, ComparisonOp } from './ast';

/**
 * Binding powers from the OData 4.01 operator precedence table (URL Conventions 5.1.1.15): `has` and
 * `in` are primary, then unary (`-`, `not`), multiplicative, additive, relational, equality, and, or.
 */
export const BP = {
  or: 1,
  and: 2,
  equality: 3,
  relational: 4,
  additive: 5,
  multiplicative: 6,
  unary: 7,
  primary: 8,
} as const;

export type InfixOp = ComparisonOp | ArithmeticOp | 'and' | 'or' | 'has' | 'in';

export const INFIX: Record<InfixOp, number> = {
  or: BP.or,
  and: BP.and,
  eq: BP.equality,
  ne: BP.equality,
  lt: BP.relational,
  le: BP.relational,
  gt: BP.relational,
  ge: BP.relational,
  add: BP.additive,
  sub: BP.additive,
  mul: BP.multiplicative,
  div: BP.multiplicative,
  divby: BP.multiplicative,
  mod: BP.multiplicative,
  has: BP.primary,
  in: BP.primary,
};

export function isInfixOp(word: string): word is InfixOp {
  return Object.prototype.hasOwnProperty.call(INFIX, word);
}

export const COMPARISON_OPS = new Set<string>(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
export const ARITHMETIC_OPS = new Set<string>(['add', 'sub', 'mul', 'div', 'divby', 'mod']);

/** Built-in functions (lower-case: OData 4.01 accepts them case-insensitively). */
export const BUILTIN_FUNCTIONS = new Set([
  'contains',
  'startswith',
  'endswith',
  'length',
  'indexof',
  'substring',
  'tolower',
  'toupper',
  'trim',
  'concat',
  'matchespattern',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'fractionalseconds',
  'totalseconds',
  'totaloffsetminutes',
  'date',
  'time',
  'now',
  'maxdatetime',
  'mindatetime',
  'round',
  'floor',
  'ceiling',
  'cast',
  'isof',
  'hassubset',
  'hassubsequence',
  'geo.distance',
  'geo.intersects',
  'geo.length',
  'case',
]);
