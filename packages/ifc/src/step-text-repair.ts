import { isUtf8 } from 'node:buffer';
import type { ByteEdit } from './patched-bytes';
import type { ExtractionWarning } from './types';

import type { EncodingProblem } from './types';
import { utf8SequenceLength } from './utf8-sequence';

export interface StepTextRepair {
  edits: ByteEdit[];
  counts: Partial<Record<EncodingProblem, number>>;
}

const BACKSLASH = 0x5c;
const QUOTE = 0x27;
const ASCII = (text: string) => Buffer.from(text, 'latin1');
const REPLACEMENT_X2 = ASCII('FFFD');
const REPLACEMENT_X4 = ASCII('0000FFFD');
/** U+FFFD as a block of its own, for a NUL written as `\X\00` or as a raw byte. */
const REPLACEMENT_BLOCK = ASCII('\\X2\\FFFD\\X0\\');

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

const isLowerHex = (byte: number | undefined) => byte !== undefined && byte >= 0x61 && byte <= 0x66;

function at(data: Uint8Array, offset: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (data[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * Finds the string-encoding faults web-ifc cannot read and the edits that make them readable without losing text.
 * web-ifc's ISO 10303-21 decoder turns a whole string into '' when one escape in it is invalid (so a property's name
 * became null), drops a backslash before the closing quote, and reads 8-bit ISO 8859-1 bytes as if they were UTF-8,
 * swallowing the characters after them. The repair, decided per backslash and per non-UTF-8 byte:
 * - a backslash that starts no directive (`\g`, `\X0\` alone, a broken `\X2\` block) is doubled, so it stays a
 *   literal backslash and the rest of the string keeps its text;
 * - lower-case hex digits in `\X\`, `\X2\`, `\X4\` are upper-cased (the standard wants upper case; the intent is clear);
 * - an escaped code point that is no character (an unpaired surrogate, beyond U+10FFFF) becomes U+FFFD;
 * - a NUL (U+0000, escaped or a raw byte) becomes U+FFFD: SQLite's text functions, libsql's reads and BI tools end a
 *   text at it, so the feed would have served what came before it (web-ifc itself drops a raw one with what follows);
 * - `\S\''` (the ISO 8859-1 character of an apostrophe, which web-ifc cannot tokenise) becomes the equal `\X\A7`;
 * - a byte that is not part of valid UTF-8 is read as ISO 8859-1 (`\X\hh`).
 * Only backslashes, zero bytes and non-UTF-8 bytes are visited (native searches find them), so a clean file costs
 * three scans.
 */
export function repairStepText(data: Uint8Array): StepTextRepair {
  const repair: StepTextRepair = { edits: [], counts: {} };
  const count = (problem: EncodingProblem) => {
    repair.counts[problem] = (repair.counts[problem] ?? 0) + 1;
  };
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let i = bytes.indexOf(BACKSLASH); i >= 0;) {
    const next = repairEscape(bytes, i, repair.edits, count);
    i = next < bytes.length ? bytes.indexOf(BACKSLASH, next) : -1;
  }
  for (let i = bytes.indexOf(0); i >= 0; i = bytes.indexOf(0, i + 1)) {
    count('nulCharacter');
    repair.edits.push({ offset: i, length: 1, bytes: REPLACEMENT_BLOCK });
  }
  if (!isUtf8(bytes)) repairRawBytes(bytes, repair.edits, count);
  repair.edits.sort((a, b) => a.offset - b.offset);
  return repair;
}

/** Handles the backslash at `i`; returns where the search for the next one continues. */
function repairEscape(
  data: Uint8Array,
  i: number,
  edits: ByteEdit[],
  count: (problem: EncodingProblem) => void,
): number {
  const next = data[i + 1];
  if (next === BACKSLASH) return i + 2;
  if (at(data, i, '\\S\\')) {
    const ch = data[i + 3];
    if (ch !== undefined && ch >= 0x20 && ch <= 0x7e && ch !== QUOTE) return i + 4;
    if (ch === QUOTE && data[i + 4] === QUOTE) {
      edits.push({ offset: i, length: 5, bytes: ASCII('\\X\\A7') });
      return i + 5;
    }
  } else if (next === 0x50 /* P */ && data[i + 3] === BACKSLASH) {
    const page = data[i + 2] ?? 0;
    if (page >= 0x41 && page <= 0x49) return i + 4;
  } else if (at(data, i, '\\X\\')) {
    if (hexValue(data[i + 3]) === 0 && hexValue(data[i + 4]) === 0) {
      count('nulCharacter');
      edits.push({ offset: i, length: 5, bytes: REPLACEMENT_BLOCK });
      return i + 5;
    }
    if (hexValue(data[i + 3]) >= 0 && hexValue(data[i + 4]) >= 0) {
      upperCaseHex(data, i + 3, 2, edits, count);
      return i + 5;
    }
  } else if (at(data, i, '\\X2\\') || at(data, i, '\\X4\\')) {
    const end = unicodeBlock(data, i, data[i + 2] === 0x32 /* 2 */ ? 4 : 8, edits, count);
    if (end > 0) return end;
  }
  count('invalidEscape');
  edits.push({ offset: i, length: 0, bytes: ASCII('\\') });
  return i + 1;
}

/**
 * A `\X2\…\X0\` (width 4) or `\X4\…\X0\` (width 8) block at `i`: returns the offset after it, or 0 when it is not a
 * well-formed block (then its backslashes stay literal). Bad code points in a well-formed block become U+FFFD.
 */
function unicodeBlock(
  data: Uint8Array,
  i: number,
  width: number,
  edits: ByteEdit[],
  count: (problem: EncodingProblem) => void,
): number {
  const start = i + 4;
  const units: number[] = [];
  let p = start;
  for (; hexValue(data[p]) >= 0; p += width) {
    let value = 0;
    for (let k = 0; k < width; k++) {
      const digit = hexValue(data[p + k]);
      if (digit < 0) return 0;
      value = value * 16 + digit;
    }
    units.push(value);
  }
  if (units.length === 0 || !at(data, p, '\\X0\\')) return 0;
  const blockEdits: ByteEdit[] = [];
  for (let u = 0; u < units.length; u++) {
    const offset = start + u * width;
    const value = units[u] ?? 0;
    let valid: boolean;
    if (width === 8) valid = value <= 0x10ffff && (value < 0xd800 || value > 0xdfff);
    else if (value >= 0xd800 && value <= 0xdbff) {
      const low = units[u + 1] ?? 0;
      valid = low >= 0xdc00 && low <= 0xdfff;
      if (valid) {
        upperCaseHex(data, offset, 2 * width, blockEdits, count);
        u++;
        continue;
      }
    } else valid = value < 0xdc00 || value > 0xdfff;
    if (valid && value !== 0) upperCaseHex(data, offset, width, blockEdits, count);
    else {
      count(value === 0 ? 'nulCharacter' : 'invalidCodePoint');
      blockEdits.push({ offset, length: width, bytes: width === 8 ? REPLACEMENT_X4 : REPLACEMENT_X2 });
    }
  }
  edits.push(...blockEdits);
  return p + 4;
}

function upperCaseHex(
  data: Uint8Array,
  offset: number,
  length: number,
  edits: ByteEdit[],
  count: (problem: EncodingProblem) => void,
): void {
  let lower = false;
  for (let k = 0; k < length; k++) if (isLowerHex(data[offset + k])) lower = true;
  if (!lower) return;
  count('lowercaseHex');
  const upper = Buffer.from(data.subarray(offset, offset + length))
    .toString('latin1')
    .toUpperCase();
  edits.push({ offset, length, bytes: ASCII(upper) });
}

/** Only when the file is not valid UTF-8: each byte that starts no valid sequence is read as ISO 8859-1. */
function repairRawBytes(
  data: Uint8Array,
  edits: ByteEdit[],
  count: (problem: EncodingProblem) => void,
): void {
  for (let i = 0; i < data.length; i++) {
    if ((data[i] ?? 0) < 0x80) continue;
    const length = utf8SequenceLength(data, i);
    if (length > 0) {
      i += length - 1;
      continue;
    }
    count('rawByte');
    const hex = (data[i] ?? 0).toString(16).toUpperCase();
    edits.push({ offset: i, length: 1, bytes: ASCII(`\\X\\${hex}`) });
  }
}

const WARNING_TEXT: Record<EncodingProblem, (n: number) => string> = {
  invalidEscape: (n) =>
    `${n} backslash${n === 1 ? '' : 'es'} in strings started no valid ISO 10303-21 escape; the text was kept as written`,
  lowercaseHex: (n) => `${n} \\X escape${n === 1 ? '' : 's'} used lower-case hex digits; decoded anyway`,
  invalidCodePoint: (n) =>
    `${n} escaped code point${n === 1 ? ' was' : 's were'} not a Unicode character (unpaired surrogate or beyond U+10FFFF); replaced by U+FFFD`,
  nulCharacter: (n) =>
    `${n} NUL character${n === 1 ? '' : 's'} (U+0000) in strings, at which databases and BI tools end a text; replaced by U+FFFD`,
  rawByte: (n) =>
    `${n} byte${n === 1 ? '' : 's'} in strings were neither ASCII nor UTF-8; read as ISO 8859-1`,
};

/** One warning per kind of problem found, with its count, in a fixed order. */
export function encodingWarnings(counts: StepTextRepair['counts']): ExtractionWarning[] {
  const warnings: ExtractionWarning[] = [];
  for (const code of Object.keys(WARNING_TEXT) as EncodingProblem[]) {
    const n = counts[code];
    if (n) warnings.push({ code, count: n, message: WARNING_TEXT[code](n) });
  }
  return warnings;
}
