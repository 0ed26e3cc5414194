import { open } from 'node:fs/promises';
import { IfcExtractionError } from '../extraction-error';
import { MAX_ENTITY_ID } from '../id-pairs';
import { unclosedCommentMessage } from '../sniff';

/** What the reader hands on for each entity instance of the DATA section: `#id = TYPE(…);`. */
export interface StepEntitySink {
  /**
   * `type` is the upper-case type name as written ('' for a complex instance `#1=(A(…)B(…));`); its parameter list
   * `(…)` is bytes[start, end). The bytes are only valid during the call: keep a copy of what you need.
   */
  entity(id: number, type: string, bytes: Buffer, start: number, end: number): void;
  /** Every byte of the file once, in order, cut between statements (see StepReadOptions); valid during the call. */
  block?(bytes: Buffer): void;
  /**
   * A DATA statement that is not `#id = TYPE(…)` (`#35 IFCWALL(…)`, `# 35=…`, `#35==…`, `#35=('x')`, a record
   * missing its ';'): left out. `id` when the statement names one, `type` the upper-case entity name it seems to hold
   * ('' when none), `at` its first byte in the file (1-based).
   */
  unreadable?(id: number | null, type: string, reason: string, at: number): void;
  /**
   * `count` whitespace-like stray bytes (a byte order mark, a no-break or zero-width space, a NUL) before a
   * statement of the DATA section, the first at byte `at` (1-based): skipped, the statement read.
   */
  stray?(count: number, at: number): void;
}

export interface StepReadOptions {
  /** Bytes read from disk at a time (4 MiB by default); a statement longer than that is read in several. */
  chunkSize?: number;
}

/**
 * Where the reader's bytes come from, front to back: a file on disk, or one still arriving (arriving-file.ts).
 * `read` fills up to `length` bytes at `offset` of `buffer` and answers how many; 0 only at the end of the data.
 */
export interface ByteSource {
  read(buffer: Buffer, offset: number, length: number): Promise<number>;
  close(): Promise<void>;
}

async function openFileSource(path: string): Promise<ByteSource> {
  const file = await open(path, 'r');
  return {
    read: async (buffer, offset, length) => (await file.read(buffer, offset, length, null)).bytesRead,
    close: () => file.close(),
  };
}

export interface StepReadSummary {
  entityCount: number;
  bytes: number;
}

const SEMICOLON = 0x3b;
const QUOTE = 0x27;
const HASH = 0x23;
const DEFAULT_CHUNK = 4 * 1024 * 1024;

export const UNREADABLE_MESSAGE =
  'The IFC file could not be parsed (a syntax error such as an unterminated string, or damaged data).';
/** Digits of an entity number quoted in a message: as written (a double would round them), cut after 24. */
const QUOTED_ID_DIGITS = 24;
const ID_TOO_LARGE_MESSAGE = (digits: string) =>
  `The file numbers an entity #${digits.length > QUOTED_ID_DIGITS ? `${digits.slice(0, QUOTED_ID_DIGITS)}…` : digits}: ` +
  `entity numbers up to #${MAX_ENTITY_ID} can be read. ` +
  'Renumber the entities from #1 (most IFC tools do when they save the model again).';
const TRUNCATED_MESSAGE =
  "The file is truncated: it does not end with 'END-ISO-10303-21;' (incomplete upload or export?).";

/**
 * Where the statement starting at or after `from` ends (its ';'), -1 when the buffer ends first, -2 when the file ends
 * inside a string, -3 inside a comment (which opened at `openComment`).
 */
class StatementFinder {
  private nextQuote = -1;
  private nextComment = -1;
  openComment = -1;

  constructor(
    private readonly buf: Buffer,
    private readonly atEof: boolean,
  ) {}

  end(from: number): number {
    const { buf } = this;
    let i = from;
    for (;;) {
      const semi = buf.indexOf(SEMICOLON, i);
      if (this.nextQuote !== -2 && this.nextQuote < i) {
        this.nextQuote = buf.indexOf(QUOTE, i);
        if (this.nextQuote < 0) this.nextQuote = -2;
      }
      if (this.nextComment !== -2 && this.nextComment < i) {
        this.nextComment = buf.indexOf('/*', i);
        if (this.nextComment < 0) this.nextComment = -2;
      }
      const quote = this.nextQuote < 0 ? Infinity : this.nextQuote;
      const comment = this.nextComment < 0 ? Infinity : this.nextComment;
      if (semi >= 0 && semi < quote && semi < comment) return semi;
      if (quote === Infinity && comment === Infinity) return -1;
      if (quote < comment) {
        // skip the string: quotes inside it are doubled
        let q = quote + 1;
        for (;;) {
          q = buf.indexOf(QUOTE, q);
          if (q < 0) return this.atEof ? -2 : -1;
          if (q + 1 >= buf.length && !this.atEof) return -1;
          if (buf[q + 1] === QUOTE) q += 2;
          else break;
        }
        i = q + 1;
      } else {
        const close = buf.indexOf('*/', comment + 2);
        if (close < 0) {
          if (!this.atEof) return -1;
          this.openComment = comment;
          return -3;
        }
        i = close + 2;
      }
    }
  }
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c;
}

/**
 * Reads an ISO 10303-21 file (a path, or a ByteSource) in chunks, never holding more than a chunk (plus one unfinished
 * statement): statements are cut at their ';' outside strings and comments, a statement split between two chunks is
 * put back together, and each entity instance of the DATA section goes to the sink. A file that ends inside a string is
 * refused like web-ifc's parse error (code OPEN_FAILED), one that ends inside a statement as truncated, and so is one
 * that ends inside a comment (as web-ifc refuses it), saying where the comment opened. A DATA statement that is not
 * `#id = TYPE(…)` goes to the sink's `unreadable` and the file is read on; stray whitespace-like bytes before one
 * (a byte order mark, a NUL) are skipped and reported to its `stray`.
 */
export async function readStepFile(
  from: string | ByteSource,
  sink: StepEntitySink,
  options: StepReadOptions = {},
): Promise<StepReadSummary> {
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);
  const file = typeof from === 'string' ? await openFileSource(from) : from;
  let entityCount = 0;
  let total = 0;
  let inData = false;
  let finished = false;
  const typeNames = new TypeNames();
  try {
    // One working buffer for the whole file: the unfinished statement is moved to its front and the next chunk read
    // in after it. A new buffer per chunk (and a concatenation per split statement) made gigabytes of garbage on a
    // multi-gigabyte file, which the process held in RSS until the collector ran. It grows only for a statement
    // longer than what it holds.
    let work = Buffer.allocUnsafe(2 * chunkSize);
    let pendingLength = 0;
    for (let eof = false; !eof && !finished;) {
      if (pendingLength + chunkSize > work.length) {
        const bigger = Buffer.allocUnsafe(pendingLength + 2 * chunkSize);
        work.copy(bigger, 0, 0, pendingLength);
        work = bigger;
      }
      const bytesRead = await file.read(work, pendingLength, chunkSize);
      total += bytesRead;
      eof = bytesRead === 0;
      const buf = work.subarray(0, pendingLength + bytesRead);
      const finder = new StatementFinder(buf, eof);
      let start = 0;
      for (;;) {
        start = skipSpaceAndComments(buf, start);
        if (start >= buf.length) break;
        const end = finder.end(start);
        if (end === -2) throw new IfcExtractionError('OPEN_FAILED', UNREADABLE_MESSAGE);
        if (end === -3) {
          // 1-based, like an editor's column: where in the file the comment opened
          const at = total - buf.length + finder.openComment + 1;
          throw new IfcExtractionError('TRUNCATED', unclosedCommentMessage(at));
        }
        if (end === -1) {
          if (eof) throw new IfcExtractionError('TRUNCATED', TRUNCATED_MESSAGE);
          break;
        }
        const offset = total - buf.length;
        if (inData && buf[start] !== HASH) {
          // a byte order mark, a no-break space, a NUL… pasted between records: web-ifc reads the record after them
          const past = skipStray(buf, start, end);
          if (past > start) {
            sink.stray?.(past - start, offset + start + 1);
            start = past;
          }
        }
        if (buf[start] === HASH) {
          if (inData) {
            entityCount++;
            entityStatement(buf, start, end, sink, typeNames, offset);
          }
        } else {
          // `DATA;`, `DATA ;` and edition 3's `DATA('name', ('IFC4'));` all open a data section
          const keyword = buf.toString('latin1', start, keywordEnd(buf, start, end)).toUpperCase();
          if (keyword === 'DATA') inData = true;
          else if (keyword === 'ENDSEC') inData = false;
          else if (keyword === 'END-ISO-10303-21') {
            // what follows the trailer (padding, a signature) is not the file's data: no block holds it
            finished = true;
            start = end + 1;
            break;
          } else if (inData && end > start) {
            sink.unreadable?.(
              null,
              typeGuess(buf, start, end),
              "it does not start with '#' and an instance number",
              offset + start + 1,
            );
          }
        }
        start = end + 1;
      }
      sink.block?.(buf.subarray(0, start));
      pendingLength = buf.copy(work, 0, start);
    }
    if (!finished) throw new IfcExtractionError('TRUNCATED', TRUNCATED_MESSAGE);
  } finally {
    await file.close();
  }
  return { entityCount, bytes: total };
}

/**
 * The first byte at or after `from` (and before `end`) that is neither whitespace nor inside a comment: exporters put
 * comments between statements, and ISO 10303-21 allows them between any two tokens. A comment that does not close
 * before `end` (one the buffer cuts) is left where it starts, for the statement finder to wait for its end.
 */
function skipSpaceAndComments(buf: Buffer, from: number, end = buf.length): number {
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
function keywordEnd(buf: Buffer, from: number, end: number): number {
  let p = from;
  while (p < end && KEYWORD_BYTE[buf[p] as number]) p++;
  return p;
}

/**
 * The upper-case type names of a file's records, each made once: a file names a few hundred types millions of times,
 * and a new string per record (decoded, then upper-cased) was a good part of the reading. Found by a hash of the name's
 * bytes, folded to upper case, and checked byte by byte.
 */
class TypeNames {
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

/**
 * Whitespace-like bytes a text editor or a copy leaves where ISO 10303-21 allows none (between statements): a UTF-8
 * byte order mark, a no-break space, a zero-width space, joiner or non-joiner, a word joiner, a NUL.
 */
const STRAY_SEQUENCES = [
  [0xef, 0xbb, 0xbf],
  [0xc2, 0xa0],
  [0xe2, 0x80, 0x8b],
  [0xe2, 0x80, 0x8c],
  [0xe2, 0x80, 0x8d],
  [0xe2, 0x81, 0xa0],
  [0x00],
];

/** Past the stray bytes (STRAY_SEQUENCES, with whitespace between them) at `from`: `from` when there are none. */
function skipStray(buf: Buffer, from: number, end: number): number {
  let p = from;
  let stray = from;
  for (;;) {
    const sequence = STRAY_SEQUENCES.find(
      (seq) => p + seq.length <= end && seq.every((b, k) => buf[p + k] === b),
    );
    if (sequence) {
      p += sequence.length;
      stray = p;
    } else if (p > from && p < end && isSpace(buf[p] as number)) p++;
    else return stray === from ? from : skipSpaceAndComments(buf, stray, end);
  }
}

/** The longest IFC entity name has 46 characters: a longer guess is not one. */
const TYPE_GUESS_MAX = 64;

/** The upper-case entity name an unreadable statement seems to hold: the name before its first '(' ('' if none). */
function typeGuess(buf: Buffer, start: number, end: number): string {
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
function entityStatement(
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
