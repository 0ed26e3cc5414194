/**
 * Reading one DATA statement `#id = TYPE(…)` that the chunked reader (step-file-reader.ts) has cut out, with the byte
 * tests both need (whitespace, comments, keywords): the reader imports from here, never the other way round.
 */
import { IfcExtractionError } from '../extraction-error';
import { MAX_ENTITY_ID } from '../id-pairs';
import type { StepEntitySink } from './step-entity-sink';

export const QUOTE = 0x27;
export const HASH = 0x23;

/** Digits of an entity number quoted in a message: as written (a double would round them), cut after 24. */
const QUOTED_ID_DIGITS = 24;
const ID_TOO_LARGE_MESSAGE = (digits: string) =>
  `The file numbers an entity #${digits.length > QUOTED_ID_DIGITS ? `${digits.slice(0, QUOTED_ID_DIGITS)}…` : digits}: ` +
  `entity numbers up to #${MAX_ENTITY_ID} can be read. ` +
  'Renumber the entities from #1 (most IFC tools do when they save the model again).';

export function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c;
}

/**
 * The first byte at or after `from` (and before `end`) that is neither whitespace nor inside a comment: exporters put
 * comments between statements, and ISO 10303-21 allows them between any two tokens. A comment that does not close
 * before `end` (one the buffer cuts) is left where it starts, for the statement finder to wait for its end.
 */
export function skipSpaceAndComments(buf: Buffer, from: number, end = buf.length): number {
  let p = from;
  for (;;) {
    while (p < end && isSpace(buf[p] as number)) p++;
    if (buf[p] !== 0x2f /* / */ || p + 1 >= end || buf[p + 1] !== 0x2a /* * */) return p;
    const close = buf.indexOf('*/', p + 2);
    if (close < 0 || close + 2 > end) return p;
    p = close + 2;
  }
}

/** Bytes of a keyword: a standard one (`IFCWALL`, `END-ISO-10303-21`), in any case, or a user-defined one (`!…`). */
const KEYWORD_BYTE = new Uint8Array(256);
for (const range of ['AZ', 'az', '09', '__', '--', '!!'])
  for (let b = range.charCodeAt(0); b <= range.charCodeAt(1); b++) KEYWORD_BYTE[b] = 1;

/** Where the keyword starting at `from` ends (at `end` at the latest). */
export function keywordEnd(buf: Buffer, from: number, end: number): number {
  let p = from;
  while (p < end && KEYWORD_BYTE[buf[p] as number]) p++;
  return p;
}

/**
 * The upper-case type names of a file's records, each made once: a file names a few hundred types millions of times,
 * and a new string per record (decoded, then upper-cased) was a good part of the reading. Found by a hash of the name's
 * bytes, folded to upper case, and checked byte by byte.
 */
export class TypeNames {
  /** IFC has about 1,300 entity types; a file naming more (not IFC, or hostile) has its names made one by one. */
  private static readonly MAX = 4096;
  private readonly byHash = new Map<number, string>();

  name(buf: Buffer, start: number, end: number, hash: number): string {
    const known = this.byHash.get(hash);
    if (known !== undefined && sameName(known, buf, start, end)) return known;
    const name = buf.toString('latin1', start, end).toUpperCase();
    // a different name with the same hash (rare) keeps the first one's place and is simply made again each time
    if (known === undefined && this.byHash.size < TypeNames.MAX) this.byHash.set(hash, name);
    return name;
  }
}

const upperByte = (b: number) => (b >= 0x61 && b <= 0x7a ? b - 0x20 : b);

function sameName(upper: string, buf: Buffer, start: number, end: number): boolean {
  if (upper.length !== end - start) return false;
  for (let i = 0; i < upper.length; i++)
    if (upper.charCodeAt(i) !== upperByte(buf[start + i] as number)) return false;
  return true;
}

/** The longest IFC entity name has 46 characters: a longer guess is not one. */
const TYPE_GUESS_MAX = 64;

/** The upper-case entity name an unreadable statement seems to hold: the name before its first '(' ('' if none). */
export function typeGuess(buf: Buffer, start: number, end: number): string {
  let open = buf.indexOf(0x28 /* ( */, start);
  if (open < 0 || open > end) open = end;
  let p = open;
  while (p > start && isSpace(buf[p - 1] as number)) p--;
  const nameEnd = p;
  while (p > start && KEYWORD_BYTE[buf[p - 1] as number]) p--;
  const first = upperByte(buf[p] as number);
  if (nameEnd === p || nameEnd - p > TYPE_GUESS_MAX || first < 0x41 || first > 0x5a) return '';
  return buf.toString('latin1', p, nameEnd).toUpperCase();
}

/**
 * Where a record written inside the parameter list [from, end) starts (its '#'), -1 when none: `#36=` outside strings
 * and comments, the next record after one whose ';' is missing ('=' belongs nowhere else in a parameter list).
 */
function embeddedRecord(buf: Buffer, from: number, end: number): number {
  for (let p = from; p < end; p++) {
    const b = buf[p] as number;
    if (b === QUOTE) {
      for (p++; p < end; p++) if (buf[p] === QUOTE && buf[++p] !== QUOTE) break;
      p--;
    } else if (b === 0x2f /* / */ && buf[p + 1] === 0x2a /* * */) {
      const close = buf.indexOf('*/', p + 2);
      if (close < 0 || close >= end) return -1;
      p = close + 1;
    } else if (b === 0x3d /* = */) {
      let q = p;
      while (q > from && isSpace(buf[q - 1] as number)) q--;
      const digitsEnd = q;
      while (q > from && (buf[q - 1] as number) >= 0x30 && (buf[q - 1] as number) <= 0x39) q--;
      if (q < digitsEnd && q > from && buf[q - 1] === HASH) return q - 1;
    }
  }
  return -1;
}

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/**
 * `#id = TYPE(…)` between start and end (the ';'); `offset` is where buf starts in the file. A statement that is not
 * one goes to the sink's `unreadable` (it is left out, and so is nothing else: the file is read on).
 */
export function entityStatement(
  buf: Buffer,
  start: number,
  end: number,
  sink: StepEntitySink,
  typeNames: TypeNames,
  offset: number,
): void {
  const bad = (id: number | null, reason: string) =>
    sink.unreadable?.(id, typeGuess(buf, start, end), reason, offset + start + 1);
  let p = start + 1;
  let id = 0;
  while (p < end && (buf[p] as number) >= 0x30 && (buf[p] as number) <= 0x39)
    id = id * 10 + (buf[p++] as number) - 0x30;
  if (id > MAX_ENTITY_ID)
    throw new IfcExtractionError('OPEN_FAILED', ID_TOO_LARGE_MESSAGE(buf.toString('latin1', start + 1, p)));
  const digitsEnd = p;
  const after = buf[p] as number;
  if (digitsEnd === start + 1 || !(isSpace(after) || after === 0x3d /* = */ || after === 0x2f /* / */))
    return bad(null, `'${quoted(buf, start, end)}' is not an instance name (#, then digits)`);
  p = skipSpaceAndComments(buf, p, end);
  if (buf[p] !== 0x3d /* = */) return bad(id, `no '=' after #${id}`);
  p = skipSpaceAndComments(buf, p + 1, end);
  if (buf[p] === 0x3d) return bad(id, `'=' written twice after #${id}`);
  const nameStart = p;
  let hash = 0;
  for (; p < end && KEYWORD_BYTE[buf[p] as number]; p++)
    hash = (Math.imul(hash, 31) + upperByte(buf[p] as number)) | 0;
  const type = typeNames.name(buf, nameStart, p, hash);
  p = skipSpaceAndComments(buf, p, end);
  if (buf[p] !== 0x28 /* ( */) return bad(id, `no parameter list '(…)' after #${id}'s type name`);
  if (!type) {
    // a complex instance lists entity names with their parameters: `#3=(IFCA(1)IFCB(2))`
    const first = buf[skipSpaceAndComments(buf, p + 1, end)] as number;
    if (!isLetter(first) && first !== 0x21 /* ! */) return bad(id, `no entity type name after #${id}=`);
  }
  const eq = buf.indexOf(0x3d /* = */, p);
  if (eq >= 0 && eq < end) {
    // `#35=IFCWALL(…)` then `#36=…;`: #35's ';' is missing, #36 is read on its own
    const next = embeddedRecord(buf, p, end);
    if (next >= 0) {
      bad(id, `its ';' is missing (the next record, at byte ${offset + next + 1}, was read on its own)`);
      return entityStatement(buf, next, end, sink, typeNames, offset);
    }
  }
  let close = end;
  while (close > p && isSpace(buf[close - 1] as number)) close--;
  sink.entity(id, type, buf, p, close);
}

/** A statement's first bytes up to its '(' or '=', for a message (at most 24 characters). */
function quoted(buf: Buffer, start: number, end: number): string {
  let p = start;
  while (p < end && p - start < QUOTED_ID_DIGITS && buf[p] !== 0x3d && buf[p] !== 0x28) p++;
  // a control or 8-bit byte (a NUL) is shown as '?': the message goes to logs and databases
  return buf
    .toString('latin1', start, p)
    .trim()
    .replace(/[^\x20-\x7e]/g, '?');
}
