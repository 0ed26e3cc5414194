import type { Expr, LiteralNode } from './ast';
import { ODataValidationError } from './errors';

/**
 * Substitutes parameter aliases. An alias without a value is null (OData Part 2, 5.3); an alias
 * whose value is a JSON array of literals becomes a literal list so `Name in @names` works.
 */
export function resolveAliases(e: Expr, aliases: Record<string, Expr>, depth = 0): Expr {
  if (depth > 20) throw new ODataValidationError('Parameter aliases refer to each other too deeply', '@');
  const r = (x: Expr): Expr => resolveAliases(x, aliases, depth);
  switch (e.kind) {
    case 'alias': {
      const v = Object.prototype.hasOwnProperty.call(aliases, e.name) ? aliases[e.name] : undefined;
      if (!v) return { kind: 'literal', type: 'null', value: null, raw: `@${e.name}`, pos: e.pos };
      return resolveAliases(v, aliases, depth + 1);
    }
    case 'compare':
    case 'arith':
    case 'logical':
    case 'has':
      return { ...e, left: r(e.left), right: r(e.right) };
    case 'not':
    case 'negate':
      return { ...e, operand: r(e.operand) };
    case 'in': {
      if (e.right.kind === 'list') return { ...e, left: r(e.left) };
      const right = r(e.right);
      if (
        right.kind === 'json' &&
        right.value === 'array' &&
        (right.items ?? []).every((i) => i.kind === 'literal')
      ) {
        return {
          ...e,
          left: r(e.left),
          right: { kind: 'list', items: (right.items ?? []) as LiteralNode[], pos: right.pos },
        };
      }
      return { ...e, left: r(e.left), right };
    }
    case 'call':
      return { ...e, args: e.args.map(r) };
    case 'lambda':
      return e.predicate ? { ...e, predicate: r(e.predicate) } : e;
    case 'json':
      return e.items ? { ...e, items: e.items.map(r) } : e;
    default:
      return e;
  }
}
