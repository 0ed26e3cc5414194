import { ODataSyntaxError } from './errors';

/**
 * Stand-in for an encoded `;` (%3B). Nested options are separated by a literal `;`, while `%3B` is
 * data; decoding first and splitting later would confuse the two, so the encoded form is parked
 * on a private-use character until the split is done.
 */
export const ENCODED_SEMICOLON = '\uE000';

/** Percent-decodes a query option name or value (UTF-8), keeping %3B distinguishable. */
export function decodeComponent(raw: string, target?: string): string {
  try {
    return decodeURIComponent(raw.replace(/%3B/gi, ENCODED_SEMICOLON));
  } catch {
    throw new ODataSyntaxError(`Invalid percent-encoding: ${percentProblem(raw)}`, undefined, target);
  }
}

/**
 * What decodeURIComponent refused, said so the sender can find it: a '%' not followed by two hex digits, or escaped
 * bytes that are not UTF-8 (`%FF`, a lone `%C3`: a Latin-1 client's encoding).
 */
function percentProblem(raw: string): string {
  const malformed = /%(?![0-9A-Fa-f]{2})/.exec(raw);
  if (malformed) {
    const shown = raw.slice(malformed.index, malformed.index + 3);
    return `'${shown}' at offset ${malformed.index} is not '%' followed by two hex digits`;
  }
  for (const run of raw.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    const bytes = run[0].match(/%../g)!.map((escape) => parseInt(escape.slice(1), 16));
    for (let i = 0; i < bytes.length;) {
      // the sequence a lead byte starts: itself and the continuation bytes (10xxxxxx) after it, up to its length
      const lead = bytes[i]!;
      const length = lead < 0x80 ? 1 : lead >= 0xc0 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : 4;
      let end = i + 1;
      while (end < i + length && end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end++;
      const sequence = run[0].slice(i * 3, end * 3);
      try {
        decodeURIComponent(sequence);
      } catch {
        return `the bytes '${sequence}' at offset ${run.index + i * 3} are not UTF-8 text`;
      }
      i = end;
    }
  }
  return 'the text cannot be decoded';
}

export function restoreSemicolons(s: string): string {
  return s.split(ENCODED_SEMICOLON).join(';');
}

/**
 * Splits at `sep` outside quotes ('…' with '' escapes, "…" JSON strings) and outside brackets.
 * Returns the pieces with their start offsets; throws on unbalanced brackets or quotes.
 */
export function splitTopLevel(text: string, sep: string, base = 0): { text: string; pos: number }[] {
  const parts: { text: string; pos: number }[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "'" || c === '"') {
      const close = findClosingQuote(text, i, c);
      if (close < 0) throw new ODataSyntaxError('Unterminated string literal', base + i);
      i = close + 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth < 0) throw new ODataSyntaxError(`Unbalanced '${c}'`, base + i);
    } else if (c === sep && depth === 0) {
      parts.push({ text: text.slice(start, i), pos: base + start });
      start = i + 1;
    }
    i++;
  }
  if (depth !== 0) throw new ODataSyntaxError('Unbalanced brackets', base + text.length);
  parts.push({ text: text.slice(start), pos: base + start });
  return parts;
}

function findClosingQuote(text: string, open: number, q: string): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (q === '"' && c === '\\') i++;
    else if (c === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}
