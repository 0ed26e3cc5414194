import { MAX_ENTITY_ID } from '../id-pairs';
import type { References } from '../model-reader';

const QUOTE = 0x27;
const HASH = 0x23;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;
const DOLLAR = 0x24;
const STAR = 0x2a;

/** Past whitespace (any byte up to a space, as StepLineDecoder skips it); comments are left to the full decoder. */
function skipSpace(bytes: Buffer, p: number, end: number): number {
  while (p < end && (bytes[p] as number) <= 0x20) p++;
  return p;
}

/** Past the string whose opening quote is at `p` (quotes inside doubled), or -1 when it does not end before `end`. */
function skipString(bytes: Buffer, p: number, end: number): number {
  let q = p + 1;
  for (;;) {
    q = bytes.indexOf(QUOTE, q);
    if (q < 0 || q >= end) return -1;
    if (q + 1 < end && bytes[q + 1] === QUOTE) q += 2;
    else return q + 1;
  }
}

/** `#digits` at `p`: the id and where it ends, or null for one the full decoder refuses (no digits, too large). */
function reference(bytes: Buffer, p: number, end: number): { id: number; after: number } | null {
  let q = p + 1;
  let id = 0;
  while (q < end && (bytes[q] as number) >= 0x30 && (bytes[q] as number) <= 0x39)
    id = id * 10 + (bytes[q++] as number) - 0x30;
  return q === p + 1 || id > MAX_ENTITY_ID ? null : { id, after: q };
}

/**
 * The references of a relationship record's parameter list bytes[start, end), read without decoding it: `out[k]` gets
 * the value of the parameter at `positions[k]` (-1: none) as References hold it — a reference's id, a list's direct
 * references, null for anything else. A relationship is strings, `$`, references and lists of references, so this
 * skips its strings and makes no line object (the relationship tables were a tenth of a property-heavy model's
 * extraction). Answers false, leaving `out` unspecified, for a record holding anything else (a number, an
 * enumeration, a typed value, a nested list, a comment) or one the full decoder would refuse: the caller decodes that
 * one in full, so the references, warnings and unreadable records are always the decoder's.
 */
export function readReferences(
  bytes: Buffer,
  start: number,
  end: number,
  positions: readonly number[],
  out: References,
): boolean {
  for (let k = 0; k < positions.length; k++) out[k] = null;
  let p = skipSpace(bytes, start, end);
  if (bytes[p] !== OPEN || p >= end) return false;
  p = skipSpace(bytes, p + 1, end);
  if (bytes[p] === CLOSE && p < end) return skipSpace(bytes, p + 1, end) === end;
  for (let index = 0; ; index++) {
    if (p >= end) return false;
    const b = bytes[p] as number;
    let value: number | number[] | null = null;
    if (b === DOLLAR || b === STAR) p++;
    else if (b === HASH) {
      const ref = reference(bytes, p, end);
      if (!ref) return false;
      value = ref.id;
      p = ref.after;
    } else if (b === QUOTE) {
      p = skipString(bytes, p, end);
      if (p < 0) return false;
    } else if (b === OPEN) {
      const ids: number[] = [];
      p = skipSpace(bytes, p + 1, end);
      if (bytes[p] === CLOSE && p < end) p++;
      else
        for (;;) {
          if (p >= end) return false;
          const item = bytes[p] as number;
          if (item === DOLLAR || item === STAR) p++;
          else if (item === HASH) {
            const ref = reference(bytes, p, end);
            if (!ref) return false;
            ids.push(ref.id);
            p = ref.after;
          } else if (item === QUOTE) {
            p = skipString(bytes, p, end);
            if (p < 0) return false;
          } else return false;
          p = skipSpace(bytes, p, end);
          const next = bytes[p];
          if (p >= end) return false;
          p = skipSpace(bytes, p + 1, end);
          if (next === CLOSE) break;
          if (next !== COMMA) return false;
        }
      value = ids;
    } else return false;
    for (let k = 0; k < positions.length; k++) if (positions[k] === index) out[k] = value;
    p = skipSpace(bytes, p, end);
    if (p >= end) return false;
    const next = bytes[p];
    p = skipSpace(bytes, p + 1, end);
    if (next === CLOSE) return p === end;
    if (next !== COMMA) return false;
  }
}
