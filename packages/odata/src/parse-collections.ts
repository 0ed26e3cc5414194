import type { Expr, InNode, JsonNode, LiteralNode } from './ast';
import { ODataSyntaxError } from './errors';
import { BP } from './operators';
import type { ExpressionParser } from './parse-expression';

export function parseInRight(p: ExpressionParser, left: Expr, pos: number): InNode {
  const start = p.peek();
  if (p.isPunct('(')) {
    p.next();
    p.skipWs();
    const items: Expr[] = [];
    if (!p.isPunct(')')) {
      for (;;) {
        items.push(p.parseExpr(0));
        p.skipWs();
        if (!p.isPunct(',')) break;
        p.next();
        p.skipWs();
      }
    }
    p.expectPunct(')');
    if (items.length === 1 && items[0]?.kind !== 'literal')
      return { kind: 'in', left, right: items[0] as Expr, pos };
    const bad = items.find((e) => e.kind !== 'literal');
    if (bad) throw new ODataSyntaxError('A list after in may only contain literals', bad.pos);
    return {
      kind: 'in',
      left,
      right: { kind: 'list', items: items as LiteralNode[], pos: start.pos },
      pos,
    };
  }
  if (p.isPunct('[')) {
    const arr = parseJsonArray(p);
    const items = arr.items ?? [];
    if (items.every((e) => e.kind === 'literal'))
      return {
        kind: 'in',
        left,
        right: { kind: 'list', items: items as LiteralNode[], pos: start.pos },
        pos,
      };
    return { kind: 'in', left, right: arr, pos };
  }
  return { kind: 'in', left, right: p.parseExpr(BP.primary), pos };
}

export function parseJsonValue(p: ExpressionParser): Expr {
  const t = p.peek();
  if (t.type === 'jsonString') {
    p.next();
    return { kind: 'literal', type: 'string', value: t.value ?? '', raw: t.text, pos: t.pos };
  }
  return p.parseExpr(0);
}

export function parseJsonArray(p: ExpressionParser): JsonNode {
  const open = p.expectPunct('[');
  p.skipWs();
  const items: Expr[] = [];
  if (!p.isPunct(']')) {
    for (;;) {
      items.push(parseJsonValue(p));
      p.skipWs();
      if (!p.isPunct(',')) break;
      p.next();
      p.skipWs();
    }
  }
  p.expectPunct(']');
  return { kind: 'json', value: 'array', items, pos: open.pos };
}

export function parseJsonObject(p: ExpressionParser): JsonNode {
  const open = p.expectPunct('{');
  p.skipWs();
  const items: Expr[] = [];
  if (!p.isPunct('}')) {
    for (;;) {
      const key = p.next();
      if (key.type !== 'jsonString') throw p.error('Expected a JSON member name', key);
      p.skipWs();
      p.expectPunct(':');
      p.skipWs();
      items.push(parseJsonValue(p));
      p.skipWs();
      if (!p.isPunct(',')) break;
      p.next();
      p.skipWs();
    }
  }
  p.expectPunct('}');
  return { kind: 'json', value: 'object', items, pos: open.pos };
}
