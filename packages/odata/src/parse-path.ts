import type { Expr, LambdaNode } from './ast';
import type { ExpressionParser } from './parse-expression';

/** Skips a balanced parenthesised group (function parameters, key predicates, nested options). */
export function skipBalanced(p: ExpressionParser): void {
  const open = p.expectPunct('(');
  let depth = 1;
  while (depth > 0) {
    const t = p.next();
    if (t.type === 'eof') throw p.error("Unbalanced '('", open);
    if (t.type === 'punct' && t.text === '(') depth++;
    if (t.type === 'punct' && t.text === ')') depth--;
  }
}

/** Member path `A/B/C`, with type casts, lambdas and path forms we only recognise. */
export function parsePath(p: ExpressionParser): Expr {
  const first = p.peek();
  const path: string[] = [];
  let opaque: string | undefined;
  let qualifiedOnly = false;
  for (;;) {
    const seg = p.next();
    if (seg.type === 'alias') {
      path.push(seg.text);
      opaque ??= 'annotation';
    } else if (seg.type === 'ident') {
      path.push(seg.text);
      if (seg.text === '$count' || seg.text === '$filter') opaque ??= seg.text;
      else if (seg.text.startsWith('$') && !['$it', '$this'].includes(seg.text))
        throw p.error('Unexpected path segment', seg);
      if (p.isPunct('(')) {
        skipBalanced(p);
        opaque ??= seg.text.includes('.') ? 'function call' : 'key or function';
        if (seg.text === '$filter' || (!seg.text.includes('.') && p.isPunct('('))) {
          if (p.isPunct('(')) skipBalanced(p);
        }
      } else qualifiedOnly = seg.text.includes('.');
    } else throw p.error('Expected a property name', seg);
    if (!p.isPunct('/')) break;
    p.next();
    const t = p.peek();
    const lower = t.text.toLowerCase();
    if (t.type === 'ident' && (lower === 'any' || lower === 'all') && p.isPunct('(', 1)) {
      const collection: Expr = opaque
        ? { kind: 'opaque', what: opaque, pos: first.pos }
        : { kind: 'member', path, pos: first.pos };
      return parseLambda(p, lower, collection);
    }
  }
  // A qualified name alone is neither a property nor a call: it must be followed by '/' or '('.
  if (qualifiedOnly && path.length === 1) throw p.error("A qualified name must be followed by '/' or '('");
  if (opaque) return { kind: 'opaque', what: opaque, path, pos: first.pos };
  return { kind: 'member', path, pos: first.pos };
}

export function parseLambda(p: ExpressionParser, op: string, collection: Expr): LambdaNode {
  const tok = p.next();
  p.expectPunct('(');
  p.skipWs();
  const node: LambdaNode = { kind: 'lambda', op: op as 'any', collection, pos: tok.pos };
  if (p.isPunct(')')) {
    if (op === 'all') throw p.error('all() requires a lambda expression');
    p.next();
    return node;
  }
  const v = p.next();
  if (v.type !== 'ident' || v.text.includes('.') || v.text.startsWith('$'))
    throw p.error('Expected a lambda variable name', v);
  p.skipWs();
  p.expectPunct(':');
  p.skipWs();
  node.variable = v.text;
  node.predicate = p.parseExpr(0);
  p.skipWs();
  p.expectPunct(')');
  return node;
}
