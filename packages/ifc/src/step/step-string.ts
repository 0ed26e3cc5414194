/**
 * ISO 10303-21 string decoding, lenient the way the web-ifc extraction is after its repair pass (step-text-repair.ts):
 * a file the repair would patch decodes here to the text web-ifc then reads, so both extractors give the same rows.
 * - `''` is a quote, `\\` a backslash;
 * - `\S\c` is c + 0x80 (ISO 8859-1 upper half), `\S\''` the apostrophe's, U+00A7;
 * - `\PA\`…`\PI\` (code page switches) are dropped: like web-ifc, `\S\` keeps meaning ISO 8859-1;
 * - `\X\hh` is U+00hh, `\X2\…\X0\` UTF-16 code units, `\X4\…\X0\` code points (hex in either case); a unit or code
 *   point that is no character (an unpaired surrogate, beyond U+10FFFF) becomes U+FFFD;
 * - a NUL (U+0000: escaped, or a raw byte) becomes U+FFFD, as the repair pass makes it;
 * - a backslash that starts none of these stays a literal backslash, and the text after it is kept;
 * - bytes of valid UTF-8 are read as UTF-8, any other byte ≥ 0x80 as ISO 8859-1.
 * Counting the faults for the warnings is left to the repair pass's own counter (see step-file-reader.ts), so the
 * warnings are the same too.
 */

import { isUtf8 } from 'node:buffer';
import { utf8SequenceLength } from '../utf8-sequence';

const BACKSLASH = 0x5c;
const QUOTE = 0x27;
const REPLACEMENT = 0xfffd;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The code units of a well-formed `\X2\…\X0\` (width 4) or `\X4\…\X0\` (width 8) block at `i`, appended to `out`;
 * returns the offset after the block, or 0 when it is not well formed (then its backslash is literal).
 */
function unicodeBlock(bytes: Uint8Array, i: number, end: number, width: number, out: number[]): number {
  const values: number[] = [];
  let p = i + 4;
  for (; p < end && hexValue(bytes[p]) >= 0; p += width) {
    let value = 0;
    for (let k = 0; k < width; k++) {
      const digit = p + k < end ? hexValue(bytes[p + k]) : -1;
      if (digit < 0) return 0;
      value = value * 16 + digit;
    }
    values.push(value);
  }
  if (values.length === 0 || p + 4 > end || !startsWith(bytes, p, '\\X0\\')) return 0;
  for (let u = 0; u < values.length; u++) {
    const value = values[u] ?? 0;
    if (width === 8) {
      if (value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff)) pushCodePoint(out, value);
      else out.push(REPLACEMENT);
    } else if (value >= 0xd800 && value <= 0xdbff) {
      const low = values[u + 1] ?? 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        out.push(value, low);
        u++;
      } else out.push(REPLACEMENT);
    } else out.push(value === 0 || (value >= 0xdc00 && value <= 0xdfff) ? REPLACEMENT : value);
  }
  return p + 4;
}

function pushCodePoint(out: number[], codePoint: number): void {
  if (codePoint < 0x10000) out.push(codePoint);
  else {
    const v = codePoint - 0x10000;
    out.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
  }
}

function fromUnits(units: number[]): string {
  let text = '';
  // in slices: String.fromCharCode takes its arguments on the stack
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192));
  return text;
}

/** Node's native slices, which Buffer#toString dispatches to by encoding name (the dispatch costs as much again). */
interface NativeSlices {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/**
 * The text of a STEP string whose content (between its quotes, quotes inside still doubled) is bytes[start, end).
 * Plain ASCII or UTF-8 without escapes (nearly every string) is decoded natively.
 */
export function decodeStepString(bytes: Uint8Array, start: number, end: number): string {
  let plain = true;
  let ascii = true;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b === BACKSLASH || b === QUOTE || b === 0) {
      plain = false;
      break;
    }
    if (b >= 0x80) ascii = false;
  }
  if (plain) {
    const buffer = (Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown as NativeSlices;
    if (ascii) return buffer.latin1Slice(start, end);
    if (isUtf8(bytes.subarray(start, end))) return buffer.utf8Slice(start, end);
  }
  return decodeSlowly(bytes, start, end);
}

function decodeSlowly(bytes: Uint8Array, start: number, end: number): string {
  const out: number[] = [];
  let i = start;
  while (i < end) {
    const b = bytes[i] as number;
    if (b === QUOTE) {
      out.push(QUOTE);
      i += bytes[i + 1] === QUOTE ? 2 : 1;
    } else if (b === BACKSLASH) {
      i = escape(bytes, i, end, out);
    } else if (b < 0x80) {
      out.push(b === 0 ? REPLACEMENT : b);
      i++;
    } else {
      const length = utf8SequenceLength(bytes, i, end);
      if (length === 0) {
        out.push(b);
        i++;
      } else {
        pushCodePoint(out, utf8CodePoint(bytes, i, length));
        i += length;
      }
    }
  }
  return fromUnits(out);
}

function utf8CodePoint(bytes: Uint8Array, i: number, length: number): number {
  const lead = bytes[i] as number;
  let value = length === 2 ? lead & 0x1f : length === 3 ? lead & 0x0f : lead & 0x07;
  for (let k = 1; k < length; k++) value = (value << 6) | ((bytes[i + k] as number) & 0x3f);
  return value;
}

/** Decodes the escape at the backslash at `i` into `out`; returns where decoding continues. */
function escape(bytes: Uint8Array, i: number, end: number, out: number[]): number {
  const next = bytes[i + 1];
  if (next === BACKSLASH && i + 1 < end) {
    out.push(BACKSLASH);
    return i + 2;
  }
  if (i + 3 < end && startsWith(bytes, i, '\\S\\')) {
    const ch = bytes[i + 3] as number;
    if (ch >= 0x20 && ch <= 0x7e && ch !== QUOTE) {
      out.push(ch + 0x80);
      return i + 4;
    }
    if (ch === QUOTE && i + 4 < end && bytes[i + 4] === QUOTE) {
      out.push(QUOTE + 0x80);
      return i + 5;
    }
  } else if (next === 0x50 /* P */ && i + 3 < end && bytes[i + 3] === BACKSLASH) {
    const page = bytes[i + 2] ?? 0;
    if (page >= 0x41 && page <= 0x49) return i + 4;
  } else if (i + 4 < end && startsWith(bytes, i, '\\X\\')) {
    const high = hexValue(bytes[i + 3]);
    const low = hexValue(bytes[i + 4]);
    if (high >= 0 && low >= 0) {
      out.push(high * 16 + low || REPLACEMENT);
      return i + 5;
    }
  } else if (startsWith(bytes, i, '\\X2\\') || startsWith(bytes, i, '\\X4\\')) {
    const after = unicodeBlock(bytes, i, end, bytes[i + 2] === 0x32 /* 2 */ ? 4 : 8, out);
    if (after > 0) return after;
  }
  out.push(BACKSLASH);
  return i + 1;
}
