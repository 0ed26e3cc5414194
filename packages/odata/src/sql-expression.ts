import type { Expr, LiteralNode } from './ast';
import { checkExpr } from './check-expression';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import {
  type EntityType,
  type NavigationDef,
  columnOf,
  findEntityType,
  findProperty,
  tableOf,
} from './model';
import { nanComparison } from './nan-comparison';
import { compileSqlCall } from './sql-functions';
import { type SqlFragment, type SqlValue, quoteIdent } from './sql-types';
import { type Kind, type Scope, resolvePath } from './typing';

/**
 * `truthy`: only "is the result TRUE" matters (a WHERE clause, and/or below it), so SQL's NULL may
 * stand for OData's false. `exact`: the value itself matters (under not, as an operand of eq), so
 * operators OData defines as two-valued are made two-valued.
 */
export type Polarity = 'truthy' | 'exact';

export interface SqlContext {
  scope: Scope;
  alias: string;
  aliases: Record<string, string>;
  nextAlias: () => string;
  now: () => Date;
  stringMatch: 'instr' | 'like';
  caseMapTable?: string;
}

const CMP: Record<string, string> = { lt: '<', le: '<=', gt: '>', ge: '>=' };

export function bindLiteral(l: LiteralNode): SqlValue {
  switch (l.type) {
    case 'boolean':
      return l.value ? 1 : 0;
    case 'null':
      return null;
    case 'timeOfDay':
      return normaliseTimeOfDay(l.value as string);
    default:
      if (typeof l.value === 'number' || typeof l.value === 'bigint' || typeof l.value === 'string')
        return l.value;
      throw new ODataNotImplementedError(`${l.type} literals are not supported`, l.raw);
  }
}

/** `HH:MM[:SS[.f]]` → `HH:MM:SS.fff`, the shape SQLite's strftime('%H:%M:%f') produces. */
export function normaliseTimeOfDay(t: string): string {
  const [hm, frac = ''] = t.split('.');
  const parts = (hm ?? '').split(':');
  const sec = parts[2] ?? '00';
  return `${parts[0]}:${parts[1]}:${sec}.${(frac + '000').slice(0, 3)}`;
}

/** Columns that join `from` to `to` along a navigation: pairs of [column on from, column on to]. */
export function joinColumns(
  ctx: SqlContext,
  from: EntityType,
  nav: NavigationDef,
  to: EntityType,
): [string, string][] {
  let pairs = nav.constraint?.map((c) => [c.property, c.referencedProperty] as [string, string]);
  if (!pairs && nav.partner) {
    const back = to.navigation.find((n) => n.name === nav.partner);
    pairs = back?.constraint?.map((c) => [c.referencedProperty, c.property] as [string, string]);
  }
  if (!pairs || pairs.length === 0)
    throw new ODataNotImplementedError(
      `Navigation ${from.name}/${nav.name} has no referential constraint to join on`,
      nav.name,
    );
  return pairs.map(([a, b]) => {
    const pa = findProperty(from, a);
    const pb = findProperty(to, b);
    if (!pa || !pb) throw new ODataValidationError(`Bad referential constraint on ${nav.name}`, nav.name);
    return [columnOf(pa), columnOf(pb)];
  });
}

export function kindOf(e: Expr, ctx: SqlContext): Kind {
  return checkExpr(e, ctx.scope);
}

function member(e: Extract<Expr, { kind: 'member' }>, ctx: SqlContext): SqlFragment {
  const r = resolvePath(e.path, ctx.scope, e.pos);
  let alias = r.variable !== undefined ? (ctx.aliases[r.variable] as string) : ctx.alias;
  if (!r.property)
    throw new ODataValidationError(`${e.path.join('/')} is not a primitive value`, e.path.join('/'));
  const col = (a: string): string =>
    `${quoteIdent(a)}.${quoteIdent(columnOf(r.property as NonNullable<typeof r.property>))}`;
  if (r.navigations.length === 0) return { sql: col(alias), params: [] };
  // Single-valued navigations become a correlated scalar subquery; NULL when the target is missing.
  let from = '';
  const where: string[] = [];
  for (const { nav, from: fromType, to } of r.navigations) {
    const next = ctx.nextAlias();
    from += `${from ? ' JOIN ' : ''}${quoteIdent(tableOf(ctx.scope.model, to))} AS ${quoteIdent(next)}`;
    for (const [a, b] of joinColumns(ctx, fromType, nav, to))
      where.push(`${quoteIdent(next)}.${quoteIdent(b)} = ${quoteIdent(alias)}.${quoteIdent(a)}`);
    alias = next;
  }
  return { sql: `(SELECT ${col(alias)} FROM ${from} WHERE ${where.join(' AND ')})`, params: [] };
}

function join(parts: SqlFragment[], f: (...sql: string[]) => string): SqlFragment {
  return { sql: f(...parts.map((p) => p.sql)), params: parts.flatMap((p) => p.params) };
}

export function compileSqlExpr(e: Expr, ctx: SqlContext, polarity: Polarity): SqlFragment {
  switch (e.kind) {
    case 'literal':
      return { sql: '?', params: [bindLiteral(e)] };
    case 'member':
      return member(e, ctx);
    case 'logical': {
      const op = e.op === 'and' ? 'AND' : 'OR';
      return join(
        [compileSqlExpr(e.left, ctx, polarity), compileSqlExpr(e.right, ctx, polarity)],
        (a, b) => `(${a} ${op} ${b})`,
      );
    }
    case 'not':
      return join([compileSqlExpr(e.operand, ctx, 'exact')], (a) => `(NOT ${a})`);
    case 'compare': {
      const decided = nanComparison(e);
      if (decided !== null) return { sql: decided ? '1' : '0', params: [] };
      const l = compileSqlExpr(e.left, ctx, 'exact');
      const r = compileSqlExpr(e.right, ctx, 'exact');
      // OData eq/ne treat null as a value: null eq null is true, 5 ne null is true.
      if (e.op === 'eq') return join([l, r], (a, b) => `(${a} IS ${b})`);
      if (e.op === 'ne') return join([l, r], (a, b) => `(${a} IS NOT ${b})`);
      // Relational operators are false (not unknown) when an operand is null.
      const sql = (a: string, b: string): string =>
        polarity === 'truthy' ? `(${a} ${CMP[e.op]} ${b})` : `COALESCE(${a} ${CMP[e.op]} ${b}, 0)`;
      return join([l, r], sql);
    }
    case 'in': {
      if (e.right.kind !== 'list')
        throw new ODataNotImplementedError('in with a non-literal collection is not supported', 'in');
      const l = compileSqlExpr(e.left, ctx, 'exact');
      const values = e.right.items.filter((i) => i.type !== 'null').map(bindLiteral);
      const hasNull = e.right.items.some((i) => i.type === 'null');
      const parts: string[] = [];
      const params: SqlValue[] = [];
      if (values.length > 0) {
        parts.push(`${l.sql} IN (${values.map(() => '?').join(', ')})`);
        params.push(...l.params, ...values);
      }
      if (hasNull) {
        parts.push(`${l.sql} IS NULL`);
        params.push(...l.params);
      }
      if (parts.length === 0) return { sql: '0', params: [] };
      const sql = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
      return { sql: polarity === 'truthy' ? `(${sql})` : `COALESCE(${sql}, 0)`, params };
    }
    case 'arith': {
      const l = compileSqlExpr(e.left, ctx, 'exact');
      const r = compileSqlExpr(e.right, ctx, 'exact');
      const ints = kindOf(e.left, ctx) === 'int' && kindOf(e.right, ctx) === 'int';
      switch (e.op) {
        case 'add':
          return join([l, r], (a, b) => `(${a} + ${b})`);
        case 'sub':
          return join([l, r], (a, b) => `(${a} - ${b})`);
        case 'mul':
          return join([l, r], (a, b) => `(${a} * ${b})`);
        case 'div':
          // Bound JS numbers arrive as REAL, so integer division must be forced.
          return join([l, r], (a, b) =>
            ints ? `(CAST(${a} AS INTEGER) / CAST(${b} AS INTEGER))` : `(CAST(${a} AS REAL) / ${b})`,
          );
        case 'divby':
          return join([l, r], (a, b) => `(CAST(${a} AS REAL) / ${b})`);
        case 'mod':
          if (ints) return join([l, r], (a, b) => `(${a} % ${b})`);
          // SQLite's % truncates operands to integers; this is fmod (sign of the dividend).
          return join(
            [l, r, l, r],
            (a, b, a2, b2) => `(${a} - ${b} * CAST(CAST(${a2} AS REAL) / ${b2} AS INTEGER))`,
          );
      }
      break;
    }
    case 'negate':
      return join([compileSqlExpr(e.operand, ctx, 'exact')], (a) => `(- ${a})`);
    case 'call':
      return compileSqlCall(e, ctx, (x) => compileSqlExpr(x, ctx, 'exact'));
    case 'lambda':
      return compileLambda(e, ctx);
    default:
      break;
  }
  throw new ODataNotImplementedError(`${e.kind} expressions are not supported in SQL`, e.kind);
}

function compileLambda(e: Extract<Expr, { kind: 'lambda' }>, ctx: SqlContext): SqlFragment {
  if (e.collection.kind !== 'member')
    throw new ODataNotImplementedError('Lambda over this collection is not supported', e.op);
  const r = resolvePath(e.collection.path, ctx.scope, e.pos);
  const hop = r.navigations[0];
  if (!hop || !r.entity || r.navigations.length !== 1)
    throw new ODataNotImplementedError('Lambda needs one collection navigation', e.op);
  const outer = r.variable !== undefined ? (ctx.aliases[r.variable] as string) : ctx.alias;
  const inner = ctx.nextAlias();
  const on = joinColumns(ctx, hop.from, hop.nav, hop.to).map(
    ([a, b]) => `${quoteIdent(inner)}.${quoteIdent(b)} = ${quoteIdent(outer)}.${quoteIdent(a)}`,
  );
  const from = `${quoteIdent(tableOf(ctx.scope.model, findEntityType(ctx.scope.model, hop.to.name) ?? hop.to))} AS ${quoteIdent(inner)}`;
  if (!e.predicate || !e.variable)
    return { sql: `EXISTS (SELECT 1 FROM ${from} WHERE ${on.join(' AND ')})`, params: [] };
  const innerCtx: SqlContext = {
    ...ctx,
    scope: { ...ctx.scope, variables: { ...ctx.scope.variables, [e.variable]: r.entity } },
    aliases: { ...ctx.aliases, [e.variable]: inner },
  };
  if (e.op === 'any') {
    const p = compileSqlExpr(e.predicate, innerCtx, 'truthy');
    return { sql: `EXISTS (SELECT 1 FROM ${from} WHERE ${on.join(' AND ')} AND ${p.sql})`, params: p.params };
  }
  // all(): no member for which the predicate is anything but TRUE (null counts as not satisfied).
  const p = compileSqlExpr(e.predicate, innerCtx, 'exact');
  return {
    sql: `NOT EXISTS (SELECT 1 FROM ${from} WHERE ${on.join(' AND ')} AND COALESCE(${p.sql}, 0) = 0)`,
    params: p.params,
  };
}
