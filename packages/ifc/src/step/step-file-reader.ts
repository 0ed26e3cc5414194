import { open } from 'node:fs/promises';
import { IfcExtractionError } from '../extraction-error';
import { unclosedCommentMessage } from '../sniff';
import type { StepEntitySink } from './step-entity-sink';
import {
  HASH,
  QUOTE,
  TypeNames,
  entityStatement,
  isSpace,
  keywordEnd,
  skipSpaceAndComments,
  typeGuess,
} from './step-entity-statement';

export type { StepEntitySink } from './step-entity-sink';

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
const DEFAULT_CHUNK = 4 * 1024 * 1024;

export const UNREADABLE_MESSAGE =
  'The IFC file could not be parsed (a syntax error such as an unterminated string, or damaged data).';
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
