import { open, type FileHandle } from 'node:fs/promises';
import { SUPPORTED_SCHEMAS_TEXT, schemaFamilyOf } from './schema-family';
import type { ExtractionWarning, SchemaFamily } from './types';

export type SniffErrorCode =
  'EMPTY_FILE' | 'NOT_STEP' | 'MISSING_HEADER' | 'MISSING_SCHEMA' | 'UNSUPPORTED_SCHEMA' | 'TRUNCATED';

export type SniffResult =
  | {
      ok: true;
      schema: string;
      family: SchemaFamily;
      /** Bytes after 'END-ISO-10303-21;' other than whitespace and comments (padding, a signature): ignored. */
      trailingBytes: number;
      /** Where the data ends: the offset just after 'END-ISO-10303-21;'. */
      dataEnd: number;
    }
  | { ok: false; code: SniffErrorCode; message: string };

export const SNIFF_HEAD_BYTES = 64 * 1024;
export const SNIFF_TAIL_BYTES = 4 * 1024;

const MAGIC = 'ISO-10303-21;';
const TRAILER = 'END-ISO-10303-21;';
const FILE_SCHEMA = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i;

function fail(code: SniffErrorCode, message: string): SniffResult {
  return { ok: false, code, message };
}

/** Control bytes other than tab/CR/LF/FF mean binary data rather than STEP text. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 1024);
  return sample.some((b) => b === 0 || (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13));
}

/**
 * What a file that is not STEP text holds, and what to do, for the formats IFC models are also shipped in: an .ifczip
 * (a ZIP archive), a gzip-compressed .ifc, an ifcXML model, an .ifc saved as UTF-16 text. Otherwise binary data or
 * plain text, and no advice.
 */
function notStepContent(head: Uint8Array, body: string): { what: string; advice: string } {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  // UTF-16 without a byte order mark: each of its first four (ASCII) characters is a zero byte beside a non-zero one
  const zeroAt = (side: 0 | 1) => [0, 2, 4, 6].every((i) => head[i + side] === 0 && head[i + 1 - side] !== 0);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06))
    return {
      what: 'a ZIP archive',
      advice: ' If it is an .ifczip model, unzip it and upload the .ifc file inside.',
    };
  if (starts(0x1f, 0x8b))
    return { what: 'gzip-compressed data', advice: ' Decompress it and upload the .ifc file.' };
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff) || zeroAt(1) || zeroAt(0))
    return {
      what: 'UTF-16 text',
      advice:
        ' IFC files are 8-bit text (ASCII or UTF-8): export the model again, or save the file as UTF-8.',
    };
  if (body.startsWith('<')) {
    const ifcXml = /ifcXML|iso_10303_28/i.test(body.slice(0, 4096));
    return {
      what: ifcXml ? 'an ifcXML model' : 'XML or HTML',
      advice: ifcXml ? ' Export the model as IFC (STEP, .ifc) instead.' : '',
    };
  }
  return { what: looksBinary(head) ? 'binary data' : 'plain text', advice: '' };
}

/**
 * The text with its comments blanked out (ISO 10303-21 allows them between any two tokens, before the first one
 * included); strings are kept as written, so a '/*' inside one is no comment. A comment the text cuts runs to its end.
 */
function withoutComments(text: string): string {
  if (!text.includes('/*')) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x27 /* ' */) {
      // doubled quotes inside a string close and reopen it: the same walk reads them right
      const close = text.indexOf("'", i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const close = text.indexOf('*/', i + 2);
      out += text.slice(from, i) + ' ';
      from = close < 0 ? text.length : close + 2;
      if (close < 0) break;
      i = close + 1;
    }
  }
  return out + text.slice(from);
}

/** The text before any comments that follow its last token. */
/** A file whose trailer is inside a comment never closed: refused as truncated, saying where (1-based byte). */
export const unclosedCommentMessage = (at: number): string =>
  `The file ends inside a comment: the '/*' at byte ${at} is never closed with '*/', so the rest of the file, ` +
  `its '${TRAILER}' included, reads as that comment. Close the comment or remove it.`;

function withoutTrailingComments(text: string): string {
  let end = text.trimEnd();
  while (end.endsWith('*/')) {
    const open = end.lastIndexOf('/*', end.length - 2);
    if (open < 0) break;
    end = end.slice(0, open).trimEnd();
  }
  return end;
}

/**
 * The text with each string's characters blanked (its quotes kept, the length unchanged), so keywords are looked up
 * only where they are keywords: a header string may hold 'ENDSEC;' or 'FILE_SCHEMA((…'. A string the text cuts runs
 * to its end.
 */
function withStringsBlanked(text: string): string {
  if (!text.includes("'")) return text;
  let out = '';
  let from = 0;
  for (let open = text.indexOf("'"); open >= 0; open = text.indexOf("'", from)) {
    // doubled quotes inside a string close and reopen it: blanking both halves blanks the whole
    const close = text.indexOf("'", open + 1);
    const stop = close < 0 ? text.length : close;
    out += text.slice(from, open + 1) + ' '.repeat(stop - open - 1);
    from = stop;
    if (close < 0) break;
    out += "'";
    from = close + 1;
  }
  return out + text.slice(from);
}

/**
 * The schema the HEADER section's FILE_SCHEMA names first: undefined when it names none, null when there is no
 * HEADER section. Keywords are looked up with strings blanked, the schema read from the text as written.
 */
function declaredSchema(text: string): string | undefined | null {
  const keywords = withStringsBlanked(text);
  const start = keywords.search(/\bHEADER\s*;/);
  if (start < 0) return null;
  const endsec = keywords.indexOf('ENDSEC', start);
  const header = keywords.slice(start, endsec < 0 ? undefined : endsec);
  const at = header.search(/FILE_SCHEMA\s*\(/i);
  return at < 0 ? undefined : FILE_SCHEMA.exec(text.slice(start + at, start + header.length))?.[1]?.trim();
}

/**
 * Checks an IFC-SPF file from its first and last bytes only, so a 100 MB upload is judged
 * without reading it. `head` must be the file's first bytes, `tail` its last bytes.
 */
export function sniffIfcBytes(head: Uint8Array, tail: Uint8Array, size: number): SniffResult {
  if (size === 0) return fail('EMPTY_FILE', 'The file is empty.');
  const header = sniffIfcHead(head);
  if (!header.ok) return header;
  const { schema, family } = header;
  const end = withoutTrailingComments(
    Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength).toString('latin1'),
  );
  // Bytes after the trailer (NUL padding from a copy, a signature line) are ignored, as IfcOpenShell does; without
  // the trailer in the last bytes (outside a comment) the file was cut short.
  const trailer = end.lastIndexOf(TRAILER);
  if (trailer < 0) {
    return fail(
      'TRUNCATED',
      `The file is truncated: it does not end with '${TRAILER}' (incomplete upload or export?).`,
    );
  }
  const openComment = end.lastIndexOf('/*', trailer);
  if (openComment > end.lastIndexOf('*/', trailer)) {
    return fail('TRUNCATED', unclosedCommentMessage(size - tail.byteLength + openComment + 1));
  }
  return {
    ok: true,
    schema,
    family,
    trailingBytes: end.slice(trailer + TRAILER.length).trimStart().length,
    dataEnd: size - tail.byteLength + trailer + TRAILER.length,
  };
}

/**
 * What sniffIfcBytes judges from the head alone (a non-empty file's first SNIFF_HEAD_BYTES, or all of a shorter one):
 * the STEP header and the schema it declares. Enough to start reading a file whose end has not arrived yet.
 */
export function sniffIfcHead(
  head: Uint8Array,
): { ok: true; schema: string; family: SchemaFamily } | Extract<SniffResult, { ok: false }> {
  // latin1 keeps one char per byte; only ASCII keywords matter here
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  const body = withoutComments(text.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')).trimStart();
  if (!body.startsWith(MAGIC)) {
    const { what, advice } = notStepContent(head, body);
    return fail(
      'NOT_STEP',
      `This is not an IFC file: it contains ${what} instead of the STEP header '${MAGIC}'.${advice}`,
    );
  }
  const schema = declaredSchema(body);
  if (schema === null) return fail('MISSING_HEADER', 'The IFC file has no HEADER section.');
  if (!schema)
    return fail('MISSING_SCHEMA', 'The IFC header declares no FILE_SCHEMA, so the IFC version is unknown.');
  const family = schemaFamilyOf(schema);
  if (!family) {
    return fail(
      'UNSUPPORTED_SCHEMA',
      `Unsupported IFC schema '${schema}'. Supported: ${SUPPORTED_SCHEMAS_TEXT}.`,
    );
  }
  return { ok: true, schema: schema.toUpperCase(), family };
}

/** sniffIfcBytes over a file on disk, reading only its head and tail. */
export async function sniffIfcFile(path: string): Promise<SniffResult> {
  const file = await open(path, 'r');
  try {
    return await sniffOpenIfcFile(file);
  } finally {
    await file.close();
  }
}

/** sniffIfcFile over a file already open (one read while it arrived, which may have been moved since). */
export async function sniffOpenIfcFile(file: FileHandle): Promise<SniffResult> {
  const { size } = await file.stat();
  const head = Buffer.alloc(Math.min(size, SNIFF_HEAD_BYTES));
  await file.read(head, 0, head.length, 0);
  const tailLength = Math.min(size, SNIFF_TAIL_BYTES);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  return sniffIfcBytes(head, tail, size);
}

/** sniffIfcBytes over a whole file already in memory. */
export function sniffIfcData(data: Uint8Array): SniffResult {
  const tailStart = Math.max(0, data.byteLength - SNIFF_TAIL_BYTES);
  return sniffIfcBytes(data.subarray(0, SNIFF_HEAD_BYTES), data.subarray(tailStart), data.byteLength);
}

/** The warning for bytes after the trailer, which both extractors ignore. */
export function trailingDataWarnings(trailingBytes: number): ExtractionWarning[] {
  if (trailingBytes <= 0) return [];
  const bytes = trailingBytes === 1 ? '1 byte' : `${trailingBytes} bytes`;
  return [
    {
      code: 'trailingData',
      count: trailingBytes,
      message: `${bytes} after '${TRAILER}' (the end of the file's data) were ignored`,
    },
  ];
}
