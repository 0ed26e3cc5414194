import type { OrderByItem } from './ast';
import { ODataSyntaxError } from './errors';
import { ExpressionParser } from './parse-expression';

/** `$orderby=expr [asc|desc], …` on the decoded value. */
export function parseOrderBy(text: string): OrderByItem[] {
  const p = ExpressionParser.fromText(text);
  const items: OrderByItem[] = [];
  for (;;) {
    const expr = p.parseExpr(0);
    let direction: OrderByItem['direction'] = 'asc';
    const word = p.peek(1);
    if (
      p.peek().type === 'ws' &&
      word.type === 'ident' &&
      ['asc', 'desc'].includes(word.text.toLowerCase())
    ) {
      p.next();
      direction = p.next().text.toLowerCase() as OrderByItem['direction'];
    }
    items.push({ expr, direction });
    if (p.atEnd()) return items;
    // Whitespace after the comma is tolerated; the ABNF has none but some clients add it.
    if (!p.isPunct(',')) throw p.error("Expected ',' or end of $orderby");
    p.next();
    p.skipWs();
    if (p.atEnd()) throw new ODataSyntaxError('Empty $orderby item', p.peek().pos);
  }
}
