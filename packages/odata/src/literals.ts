import type { LiteralNode } from './ast';
import { ODataSyntaxError } from './errors';
import type { Token } from './lexer';

const YEAR = '-?(?:0\\d{3}|[1-9]\\d{3,})';
const MONTH = '(?:0[1-9]|1[0-2])';
const DAY = '(?:0[1-9]|[12]\\d|3[01])';
const HOUR = '(?:[01]\\d|2[0-3])';
const MIN = '[0-5]\\d';
const SEC = '(?:[0-5]\\d|60)';
const FRAC = '(?:\\.\\d{1,12})?';
const DATE_RE = new RegExp(`^(${YEAR})-(${MONTH})-(${DAY})$`);
const TIME_RE = new RegExp(`^(${HOUR}):(${MIN})(?::(${SEC})(${FRAC}))?$`);
const DTO_RE = new RegExp(
  `^(${YEAR})-(${MONTH})-(${DAY})T(${HOUR}):(${MIN})(?::(${SEC})(${FRAC}))?(Z|[+-]${HOUR}:${MIN})$`,
  'i',
);
const DURATION_RE = /^-?P(?=\d|T\d)(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;
const BASE64URL_RE = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;
const ENUM_MEMBER_RE = /^(?:[\p{L}_][\p{L}\p{N}_]*|[+-]?\d+)$/u;

const INT64_MAX = 9223372036854775807n;
/** The last year a DateTimeOffset literal may fall in (see dateTimeOffsetValue). */
const MAX_YEAR = 9999;

/** Whether the month has that day in the proleptic Gregorian calendar (year 0 and negative years leap alike). */
function dayExists(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}

function lit(
  tok: Token,
  type: LiteralNode['type'],
  value: LiteralNode['value'],
  extra?: Partial<LiteralNode>,
): LiteralNode {
  return { kind: 'literal', type, value, raw: tok.text, pos: tok.pos, ...extra };
}

/** Numbers: integers stay exact (bigint beyond 2^53); a fraction makes it decimal, an exponent double. */
export function numberLiteral(tok: Token, text = tok.text): LiteralNode {
  if (/^[+-]?\d+$/.test(text)) {
    const big = BigInt(text);
    if (big > INT64_MAX || big < -INT64_MAX - 1n) return lit(tok, 'decimal', Number(text));
    return lit(tok, 'int', Number.isSafeInteger(Number(text)) ? Number(text) : big);
  }
  return lit(tok, /[eE]/.test(text) ? 'double' : 'decimal', Number(text));
}

/** Normalises to the UTC `toISOString()` form so stores can compare DateTimeOffsets as text. */
export function dateTimeOffsetValue(text: string, pos = 0): string {
  const m = DTO_RE.exec(text);
  if (!m || !dayExists(Number(m[1]), Number(m[2]), Number(m[3])))
    throw new ODataSyntaxError(`Invalid DateTimeOffset '${text}'`, pos);
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  // A leap second (:60) has no JS Date representation; the instant before it is the closest value.
  const sec = s === '60' ? 59 : Number(s ?? 0);
  const msAdj = s === '60' ? 999 : ms;
  // setUTCFullYear takes any year as it is (Date.UTC reads 0–99 as 1900–1999, and 1900 has no 29 February).
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), sec, msAdj);
  let t = date.getTime();
  if (tz && tz.toUpperCase() !== 'Z') {
    const sign = tz.startsWith('-') ? -1 : 1;
    t -= sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6))) * 60000;
  }
  // Past year 9999 (in UTC) the text form gains a sign and six digits ('+010000-…'), which would compare as text
  // before every stored value; past year 275760 there is no Date at all. Neither is a time a model holds, nor one
  // Power BI or Excel can send (.NET's DateTimeOffset ends with 9999): refused rather than answered wrongly.
  const utc = new Date(t);
  if (!Number.isFinite(t) || utc.getUTCFullYear() > MAX_YEAR)
    throw new ODataSyntaxError(
      `DateTimeOffset '${text}' is out of range: years up to ${MAX_YEAR} can be compared`,
      pos,
    );
  return utc.toISOString();
}

export function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  return !!m && dayExists(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isTimeOfDay(text: string): boolean {
  return TIME_RE.test(text);
}

export function isGuid(text: string): boolean {
  return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text);
}

export function isDuration(text: string): boolean {
  return DURATION_RE.test(text);
}

export function isBinary(text: string): boolean {
  return BASE64URL_RE.test(text);
}

/** Turns a literal-shaped token into a literal node, validating the parts the lexer only shaped. */
export function tokenToLiteral(tok: Token): LiteralNode {
  switch (tok.type) {
    case 'string':
      return lit(tok, 'string', tok.value ?? '');
    case 'number':
      return numberLiteral(tok);
    case 'guid':
      return lit(tok, 'guid', tok.text.toLowerCase());
    case 'date':
      if (!isDate(tok.text)) throw new ODataSyntaxError(`Invalid date '${tok.text}'`, tok.pos);
      return lit(tok, 'date', tok.text);
    case 'dateTimeOffset':
      return lit(tok, 'dateTimeOffset', dateTimeOffsetValue(tok.text, tok.pos));
    case 'timeOfDay':
      if (!isTimeOfDay(tok.text)) throw new ODataSyntaxError(`Invalid time of day '${tok.text}'`, tok.pos);
      return lit(tok, 'timeOfDay', tok.text);
    case 'typed':
      return typedLiteral(tok);
    default:
      throw new ODataSyntaxError(`Expected a literal, found '${tok.text}'`, tok.pos);
  }
}

function typedLiteral(tok: Token): LiteralNode {
  const body = tok.value ?? '';
  const prefix = tok.text;
  const lower = prefix.toLowerCase();
  if (lower === 'duration') {
    if (!isDuration(body)) throw new ODataSyntaxError(`Invalid duration '${body}'`, tok.pos);
    return lit(tok, 'duration', body);
  }
  if (lower === 'binary') {
    if (!isBinary(body)) throw new ODataSyntaxError(`Invalid base64url binary literal`, tok.pos);
    return lit(tok, 'binary', body);
  }
  if (lower === 'geography' || lower === 'geometry') return lit(tok, 'geo', body);
  if (prefix.includes('.')) {
    const members = body.split(',');
    if (members.some((m) => !ENUM_MEMBER_RE.test(m)))
      throw new ODataSyntaxError(`Invalid enum value '${body}'`, tok.pos);
    return lit(tok, 'enum', members, { enumType: prefix });
  }
  throw new ODataSyntaxError(`Unknown literal prefix '${prefix}'`, tok.pos);
}
