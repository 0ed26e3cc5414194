import { ODataSyntaxError } from './errors';

/** Token of a decoded expression. Whitespace is kept as a token because OData requires it (RWS) around operators. */
export type TokenType =
  | 'ws'
  | 'punct'
  | 'ident'
  | 'string'
  | 'jsonString'
  | 'number'
  | 'date'
  | 'dateTimeOffset'
  | 'timeOfDay'
  | 'guid'
  | 'typed'
  | 'alias'
  | 'eof';

export interface Token {
  type: TokenType;
  /** Source text of the token (for `typed`: the prefix, e.g. `duration` or `Sales.Pattern`). */
  text: string;
  /** Decoded content of string-like tokens (`'O''Brien'` → `O'Brien`). */
  value?: string;
  pos: number;
  end: number;
}

// Order matters: the more specific shapes (guid, dates, times) must win over numbers and names.
const WS = /[ \t]+/y;
const GUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w.-])/y;
const DATE_TIME_OFFSET =
  /-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})(?![\w.:])/iy;
const DATE = /-?\d{4,}-\d{2}-\d{2}(?![\w.:-])/y;
/** A date and time whose zone is missing or not `Z`/`±hh:mm` (what DATE_TIME_OFFSET did not take). */
const DATE_TIME_WITHOUT_OFFSET = /-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[^\s),]*/iy;
const TIME_OF_DAY = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?![\w.:])/y;
const NUMBER = /[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const IDENT = /\$?[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*/uy;
const ALIAS = /@[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*(?:#[\p{L}\p{N}_]+)?/uy;
const PUNCT = '(),/:[]{}=;*-';

function match(re: RegExp, s: string, pos: number): string | undefined {
  re.lastIndex = pos;
  const m = re.exec(s);
  return m ? m[0] : undefined;
}

/** Reads a quoted run starting at `pos` (the opening quote); `''` escapes a quote in OData strings. */
function readQuoted(s: string, pos: number, quote: "'" | '"'): { value: string; end: number } {
  let out = '';
  let i = pos + 1;
  for (;;) {
    const c = s[i];
    if (c === undefined) throw new ODataSyntaxError('Unterminated string literal', pos);
    if (quote === '"' && c === '\\') {
      const n = s[i + 1];
      if (n === undefined) throw new ODataSyntaxError('Unterminated string literal', pos);
      const esc: Record<string, string> = {
        '"': '"',
        '\\': '\\',
        '/': '/',
        b: '\b',
        f: '\f',
        n: '\n',
        r: '\r',
        t: '\t',
      };
      if (n === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ODataSyntaxError('Bad \\u escape in JSON string', i);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      const e = esc[n];
      if (e === undefined) throw new ODataSyntaxError('Bad escape in JSON string', i);
      out += e;
      i += 2;
      continue;
    }
    if (c === quote) {
      if (quote === "'" && s[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      return { value: out, end: i + 1 };
    }
    out += c;
    i++;
  }
}

/** The literal with the offset it lacks: UTC, or its `±hhmm`/`±hh` zone written as `±hh:mm`. */
function zoned(literal: string): string {
  const m = /^(.*T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:([+-]\d{2}):?(\d{2})?)?/i.exec(literal)!;
  return m[2] ? `${m[1]}${m[2]}:${m[3] ?? '00'}` : `${m[1]}Z`;
}

/** Splits a percent-decoded expression into tokens. */
export function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  const push = (type: TokenType, text: string, end: number, value?: string): void => {
    tokens.push(value === undefined ? { type, text, pos, end } : { type, text, value, pos, end });
    pos = end;
  };
  while (pos < s.length) {
    const c = s[pos] as string;
    let m: string | undefined;
    if ((m = match(WS, s, pos))) push('ws', m, pos + m.length);
    else if (c === "'") {
      const q = readQuoted(s, pos, "'");
      push('string', s.slice(pos, q.end), q.end, q.value);
    } else if (c === '"') {
      const q = readQuoted(s, pos, '"');
      push('jsonString', s.slice(pos, q.end), q.end, q.value);
    } else if ((m = match(GUID, s, pos))) push('guid', m, pos + m.length);
    else if ((m = match(DATE_TIME_OFFSET, s, pos))) push('dateTimeOffset', m, pos + m.length);
    else if ((m = match(DATE, s, pos))) push('date', m, pos + m.length);
    else if ((m = match(DATE_TIME_WITHOUT_OFFSET, s, pos)))
      // Read as numbers it failed as "Malformed number '-30T'", which said nothing of what was wrong.
      throw new ODataSyntaxError(
        `DateTimeOffset literal '${m}' needs a time zone offset, Z or ±hh:mm, as in ${zoned(m)}`,
        pos,
      );
    else if ((m = match(TIME_OF_DAY, s, pos))) push('timeOfDay', m, pos + m.length);
    else if ((m = match(NUMBER, s, pos))) {
      const next = s[pos + m.length];
      if (next !== undefined && /[\p{L}\p{N}_.]/u.test(next))
        throw new ODataSyntaxError(`Malformed number '${m}${next}'`, pos + m.length);
      push('number', m, pos + m.length);
    } else if ((m = match(IDENT, s, pos))) {
      if (s[pos + m.length] === "'" && !m.startsWith('$')) {
        const q = readQuoted(s, pos + m.length, "'");
        push('typed', m, q.end, q.value);
      } else push('ident', m, pos + m.length);
    } else if ((m = match(ALIAS, s, pos))) push('alias', m, pos + m.length);
    else if (PUNCT.includes(c)) push('punct', c, pos + 1);
    else throw new ODataSyntaxError(`Unexpected character '${c}'`, pos);
  }
  tokens.push({ type: 'eof', text: '', pos, end: pos });
  return tokens;
}
