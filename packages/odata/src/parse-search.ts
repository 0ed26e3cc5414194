import type { SearchExpr } from './ast';
import { ODataSyntaxError } from './errors';
import { ENCODED_SEMICOLON } from './percent-decode';

/**
 * `$search` per the ABNF: NOT > AND (explicit or implicit) > OR; the upper-case keywords are words
 * when nothing follows them. A value wholly in single quotes is one phrase (4.01 "incomplete" form).
 */
export function parseSearch(text: string): SearchExpr {
  const fixed = (s: string): string => s.split(ENCODED_SEMICOLON).join(';');
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'") && /^'(?:[^']|'')*'$/.test(text)) {
    return { kind: 'term', text: fixed(text.slice(1, -1).replace(/''/g, "'")), phrase: true };
  }
  const toks = lex(text);
  let i = 0;
  const peek = (k = 0): SearchTok | undefined => toks[i + k];
  const isWord = (t: SearchTok | undefined, w: string): boolean => t?.type === 'word' && t.text === w;
  const startsOperand = (t: SearchTok | undefined): boolean =>
    t !== undefined && (t.type === 'word' || t.type === 'phrase' || t.type === '(');

  const parseOr = (): SearchExpr => {
    let left = parseAnd();
    while (
      peek()?.type === 'ws' &&
      isWord(peek(1), 'OR') &&
      peek(2)?.type === 'ws' &&
      startsOperand(peek(3))
    ) {
      i += 3;
      left = { kind: 'or', left, right: parseAnd() };
    }
    return left;
  };
  const parseAnd = (): SearchExpr => {
    let left = parseUnary();
    for (;;) {
      if (peek()?.type !== 'ws' || !startsOperand(peek(1))) return left;
      if (isWord(peek(1), 'OR') && peek(2)?.type === 'ws' && startsOperand(peek(3))) return left;
      i += 1;
      if (isWord(peek(), 'AND') && peek(1)?.type === 'ws' && startsOperand(peek(2))) i += 2;
      left = { kind: 'and', left, right: parseUnary() };
    }
  };
  const parseUnary = (): SearchExpr => {
    const t = peek();
    if (!t) throw new ODataSyntaxError('Expected a search term', text.length, '$search');
    if (isWord(t, 'NOT') && peek(1)?.type === 'ws' && startsOperand(peek(2))) {
      i += 2;
      return { kind: 'not', operand: parseUnary() };
    }
    if (t.type === '(') {
      i++;
      if (peek()?.type === 'ws') i++;
      const inner = parseOr();
      if (peek()?.type === 'ws') i++;
      if (peek()?.type !== ')')
        throw new ODataSyntaxError("Expected ')' in $search", peek()?.pos ?? text.length, '$search');
      i++;
      return inner;
    }
    if (t.type === 'word' || t.type === 'phrase') {
      i++;
      return { kind: 'term', text: fixed(t.text), phrase: t.type === 'phrase' };
    }
    throw new ODataSyntaxError(`Unexpected '${t.text}' in $search`, t.pos, '$search');
  };

  if (toks[0]?.type === 'ws') i++;
  const e = parseOr();
  if (i < toks.length) throw new ODataSyntaxError('Unexpected text in $search', toks[i]?.pos, '$search');
  return e;
}

interface SearchTok {
  type: 'ws' | 'word' | 'phrase' | '(' | ')';
  text: string;
  pos: number;
}

function lex(text: string): SearchTok[] {
  const out: SearchTok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t') {
      const m = /[ \t]+/y;
      m.lastIndex = i;
      const s = (m.exec(text) as RegExpExecArray)[0];
      out.push({ type: 'ws', text: s, pos: i });
      i += s.length;
    } else if (c === '(' || c === ')') {
      out.push({ type: c, text: c, pos: i });
      i++;
    } else if (c === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) throw new ODataSyntaxError('Unterminated phrase in $search', i, '$search');
      const after = text[close + 1];
      if (after !== undefined && !/[ \t)]/.test(after))
        throw new ODataSyntaxError('Phrase must be followed by whitespace', close + 1, '$search');
      out.push({ type: 'phrase', text: text.slice(i + 1, close), pos: i });
      i = close + 1;
    } else {
      const m = /[^ \t()";]+/y;
      m.lastIndex = i;
      const w = m.exec(text)?.[0];
      if (!w || w.startsWith("'")) throw new ODataSyntaxError(`Unexpected '${c}' in $search`, i, '$search');
      out.push({ type: 'word', text: w, pos: i });
      i += w.length;
    }
  }
  return out;
}
