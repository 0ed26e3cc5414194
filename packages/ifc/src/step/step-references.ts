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

/** The id of the reference the last `item` read; -1 when that item was a string, `$` or `*`. */
let itemId = -1;

/**
 * Past the `$`, `*`, string or reference at `p` (its id in itemId), or -1 for anything else, and for a reference the
 * full decoder refuses (no digits, too large).
 */
function item(bytes: Buffer, p: number, end: number): number {
  itemId = -1;
  const b = bytes[p];
  if (b === DOLLAR || b === STAR) return p + 1;
  if (b === QUOTE) return skipString(bytes, p, end);
  if (b !== HASH) return -1;
  let q = p + 1;
  let id = 0;
  while (q < end && (bytes[q] as number) >= 0x30 && (bytes[q] as number) <= 0x39)
    id = id * 10 + (bytes[q++] as number) - 0x30;
  if (q === p + 1 || id > MAX_ENTITY_ID) return -1;
  itemId = id;
  return q;
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
    let value: number | number[] | null = null;
    if (bytes[p] === OPEN) {
      const ids: number[] = [];
      p = skipSpace(bytes, p + 1, end);
      if (bytes[p] === CLOSE && p < end) p++;
      else
        for (;;) {
          if (p >= end || (p = item(bytes, p, end)) < 0) return false;
          if (itemId >= 0) ids.push(itemId);
          p = skipSpace(bytes, p, end);
          if (p >= end) return false;
          const next = bytes[p];
          p = skipSpace(bytes, p + 1, end);
          if (next === CLOSE) break;
          if (next !== COMMA) return false;
        }
      value = ids;
    } else {
      if ((p = item(bytes, p, end)) < 0) return false;
      if (itemId >= 0) value = itemId;
    }
    for (let k = 0; k < positions.length; k++) if (positions[k] === index) out[k] = value;
    p = skipSpace(bytes, p, end);
    if (p >= end) return false;
    const next = bytes[p];
    p = skipSpace(bytes, p + 1, end);
    if (next === CLOSE) return p === end;
    if (next !== COMMA) return false;
  }
}
