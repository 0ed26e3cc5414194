import { MAX_ENTITY_ID } from '../id-pairs';
import type { IfcLine } from '../model-reader';
import { decodeStepString } from './step-string';
import { type EntityLayout, type StepSchema, definedTypeInAnySchema } from './step-schema';

/** A record that is not ISO 10303-21: the line reads as missing, as web-ifc's unreadable lines do. */
export class StepSyntaxError extends Error {}

/**
 * Lists and typed values nested deeper than this make a record unreadable. The IFC schemas nest three levels at most
 * (a list of lists of typed values); a file nesting 200,000 (a hostile or broken one) would otherwise exhaust the
 * stack while being decoded, and its extraction fail with a RangeError instead of leaving the record out.
 */
export const MAX_NESTING = 64;

const SPACE = 0x20;
const QUOTE = 0x27;

function isNameByte(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x5f ||
    b === 0x2d
  );
}

function isNumberByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || b === 0x2e || b === 0x2b || b === 0x2d || b === 0x45 || b === 0x65;
}

/**
 * Decodes a record's parameter list `(…)` straight into a line shaped like web-ifc's, in one pass over its bytes:
 * attributes by schema name in STEP order, `$` and `*` as null, references as `{type: 5, value: id}`, strings as
 * `{type: 1, name, value}` and numbers and binaries as `{type: 4, name, value}` with `name` the attribute's declared
 * type, enumerations as `{type: 3, value}` (booleans and logicals `{type: 3, name, value: true|false|undefined}`),
 * lists item by item with the attribute's declared type, and a typed value (`IFCLABEL('x')`, a select's member) with
 * its defined type in schema casing as `name` — `{type: 4, name}` without a value when it holds no single value (a
 * list, `$`), as web-ifc reads it. Values past the layout's attributes are read (and checked) but not kept.
 * Whitespace and comments may sit between tokens; anything that is not ISO 10303-21 throws StepSyntaxError.
 */
export class StepLineDecoder {
  private bytes: Buffer = Buffer.alloc(0);
  private end = 0;
  private at = 0;
  /** Lists and typed values open at `at` (reset by each decode: a record that throws leaves it raised). */
  private depth = 0;
  /** Where the record's parameter list starts in `bytes`: messages count bytes from it (1 is its '('). */
  private origin = 0;

  /**
   * Defined types the last decoded record named that the schema lacks (`IFCDATE(…)` in an IFC2X3 file): their
   * values are kept, named in schema casing where another IFC schema defines them (IfcDate), as written if none does.
   */
  readonly foreign: string[] = [];

  /** Reals of the last decoded record beyond a double's range (`1.E400`): read as ±Infinity, stored as no value. */
  outOfRange = 0;

  constructor(private readonly schema: StepSchema) {}

  /** Enters a list or typed value at byte `at`. */
  private nest(): void {
    if (++this.depth > MAX_NESTING)
      throw new StepSyntaxError(
        `lists or typed values nested deeper than ${MAX_NESTING} levels ${this.where(this.at)}`,
      );
  }

  decode(id: number, layout: EntityLayout, bytes: Buffer, start: number, end: number): IfcLine {
    this.bytes = bytes;
    this.end = end;
    this.at = start;
    this.origin = start;
    this.depth = 0;
    this.foreign.length = 0;
    this.outOfRange = 0;
    const line: IfcLine = { expressID: id, type: layout.code };
    const { attributes } = layout;
    this.skipSpace();
    if (bytes[this.at] !== 0x28 /* ( */) throw new StepSyntaxError(`expected '(' ${this.where(this.at)}`);
    this.at++;
    this.skipSpace();
    let i = 0;
    if (bytes[this.at] === 0x29 /* ) */) this.at++;
    else
      for (;;) {
        const attribute = attributes[i];
        const value = this.value(attribute ? attribute.type : '');
        if (attribute) line[attribute.name] = value;
        i++;
        if (this.closes()) break;
      }
    for (; i < attributes.length; i++) line[(attributes[i] as EntityAttribute).name] = null;
    this.skipSpace();
    if (this.at !== end)
      throw new StepSyntaxError(`unexpected text after a parameter list ${this.where(this.at)}`);
    return line;
  }

  /** Where a position in `bytes` is, for a message: 'at byte N of the parameter list' (1 is its '('). */
  private where(at: number): string {
    return `at byte ${at - this.origin + 1} of the parameter list`;
  }

  /** After a list item: true past the list's ')', false past a ',' (another item follows). */
  private closes(): boolean {
    this.skipSpace();
    const b = this.bytes[this.at];
    this.at++;
    if (b === 0x29) return true;
    if (b !== 0x2c /* , */) throw new StepSyntaxError(`expected ',' or ')' ${this.where(this.at - 1)}`);
    this.skipSpace();
    return false;
  }

  private skipSpace(): void {
    const { bytes, end } = this;
    while (this.at < end) {
      const b = bytes[this.at] as number;
      if (b <= SPACE) this.at++;
      else if (b === 0x2f /* / */ && bytes[this.at + 1] === 0x2a /* * */) {
        const close = bytes.indexOf('*/', this.at + 2);
        if (close < 0 || close + 2 > end) throw new StepSyntaxError('unterminated comment');
        this.at = close + 2;
      } else return;
    }
  }

  /** `(…)` at the current byte, each item read with the declared type. */
  private list(declared: string): unknown[] {
    const { bytes } = this;
    if (bytes[this.at] !== 0x28) throw new StepSyntaxError(`expected '(' ${this.where(this.at)}`);
    this.nest();
    this.at++;
    const values: unknown[] = [];
    this.skipSpace();
    if (bytes[this.at] === 0x29) {
      this.at++;
    } else {
      do values.push(this.value(declared));
      while (!this.closes());
    }
    this.depth--;
    return values;
  }

  private value(declared: string): unknown {
    const { bytes, end } = this;
    if (this.at >= end) throw new StepSyntaxError('parameter list ends early');
    const b = bytes[this.at] as number;
    if (b === 0x24 /* $ */ || b === 0x2a /* * */) {
      this.at++;
      return null;
    }
    if (b === 0x23 /* # */) return { type: 5, value: this.reference() };
    if (b === QUOTE) return { type: 1, name: declared, value: this.string() };
    if (b === 0x28) return this.list(declared);
    if (b === 0x2e /* . */) return this.enumeration(this.enumText(), declared);
    if (b === 0x22 /* " */) return { type: 4, name: declared, value: this.binary() };
    if (isNumberByte(b)) return { type: 4, name: declared, value: this.number() };
    if (isNameByte(b)) return this.typed();
    throw new StepSyntaxError(`unexpected '${String.fromCharCode(b)}' ${this.where(this.at)}`);
  }

  /**
   * `IFCLABEL('x')`: the value with its defined type as `name`. Only a single string, number, binary (its hex digits
   * as written: `IFCBINARY("0FF")`), enumeration or reference is a value; anything else (a list, `$`, several items)
   * leaves it without one, as in web-ifc.
   */
  private typed(): unknown {
    const { bytes } = this;
    let p = this.at;
    while (p < this.end && isNameByte(bytes[p] as number)) p++;
    const written = bytes.toString('latin1', this.at, p).toUpperCase();
    let name = this.schema.definedType(written);
    if (name === undefined) {
      name = definedTypeInAnySchema(written) ?? written;
      // An enumeration's value in a select (`IFCROADPARTTYPEENUM(.X.)` in IfcFacilityPartTypeSelect) is no defined
      // type, and kept as written as before: every IFC enumeration's name ends in 'Enum'.
      if (!written.endsWith('ENUM')) this.foreign.push(name);
    }
    this.at = p;
    this.skipSpace();
    if (bytes[this.at] !== 0x28) throw new StepSyntaxError(`expected '(' ${this.where(this.at)}`);
    this.nest();
    this.at++;
    this.skipSpace();
    if (bytes[this.at] === 0x29) {
      this.at++;
      this.depth--;
      return { type: 4, name };
    }
    if (this.at >= this.end) throw new StepSyntaxError('parameter list ends early');
    const b = bytes[this.at] as number;
    let single: unknown;
    if (b === QUOTE) single = { type: 1, name, value: this.string() };
    else if (b === 0x23) single = { type: 5, name, value: this.reference() };
    else if (b === 0x2e) single = this.enumeration(this.enumText(), name);
    else if (b === 0x22) single = { type: 4, name, value: this.binary() };
    else if (b !== 0x24 && b !== 0x2a && b !== 0x28 && isNumberByte(b))
      single = { type: 4, name, value: this.number() };
    else {
      this.value('');
      single = { type: 4, name };
    }
    if (!this.closes()) {
      do this.value('');
      while (!this.closes());
      single = { type: 4, name };
    }
    this.depth--;
    return single;
  }

  private reference(): number {
    const { bytes, end } = this;
    let p = this.at + 1;
    let id = 0;
    while (p < end && (bytes[p] as number) >= 0x30 && (bytes[p] as number) <= 0x39)
      id = id * 10 + (bytes[p++] as number) - 0x30;
    if (p === this.at + 1) throw new StepSyntaxError(`'#' without a number ${this.where(this.at)}`);
    // no record can have it (the reader refuses such a file): a reference the indexes cannot hold
    if (id > MAX_ENTITY_ID) throw new StepSyntaxError(`reference #${id} beyond the entity numbers read`);
    this.at = p;
    return id;
  }

  private number(): number {
    const { bytes, end } = this;
    let p = this.at;
    while (p < end && isNumberByte(bytes[p] as number)) p++;
    const exact = exactDecimal(bytes, this.at, p);
    if (exact !== null) {
      this.at = p;
      return exact;
    }
    const text = bytes.toString('latin1', this.at, p);
    // JavaScript reads STEP's reals as written: '2500.', '1.E-3', '-0.5E+02'; a real beyond a double's range is
    // ±Infinity, as web-ifc reads it (rows then hold no value)
    const value = Number(text);
    if (Number.isNaN(value)) throw new StepSyntaxError(`bad number '${text}' ${this.where(this.at)}`);
    if (!Number.isFinite(value)) this.outOfRange++;
    // web-ifc reads integers as 64-bit: one beyond that makes its record unreadable, and so here
    if ((value >= 2 ** 63 || value < -(2 ** 63)) && INTEGER_TEXT.test(text) && !fitsInt64(text))
      throw new StepSyntaxError(`integer '${text}' beyond 64 bits ${this.where(this.at)}`);
    this.at = p;
    return value;
  }

  /** `.ELEMENT.`: the text between the dots. */
  private enumText(): string {
    const close = this.indexOf(0x2e, this.at + 1);
    const text = this.bytes.toString('latin1', this.at + 1, close);
    this.at = close + 1;
    return text;
  }

  /** `"0FF"`: the hex digits as written (the first says how many bits pad the last). */
  private binary(): string {
    const close = this.indexOf(0x22, this.at + 1);
    const hex = this.bytes.toString('latin1', this.at + 1, close);
    this.at = close + 1;
    return hex;
  }

  /**
   * `.T.`/`.F.` of a boolean or logical type are booleans, a logical's `.U.` has no value (as web-ifc's IfcLogical).
   * Other enumerations keep their text without the dots.
   */
  private enumeration(text: string, declared: string): unknown {
    if (!this.schema.isBooleanType(declared)) return { type: 3, value: text };
    if (text === 'T') return { type: 3, name: declared, value: true };
    if (text === 'F') return { type: 3, name: declared, value: false };
    return { type: 3, name: declared, value: undefined };
  }

  private string(): string {
    const { bytes, end } = this;
    const start = this.at + 1;
    let p = start;
    for (;;) {
      const quote = this.indexOf(QUOTE, p);
      if (bytes[quote + 1] === QUOTE && quote + 1 < end) p = quote + 2;
      else {
        this.at = quote + 1;
        return decodeStepString(bytes, start, quote);
      }
    }
  }

  private indexOf(byte: number, from: number): number {
    const found = this.bytes.indexOf(byte, from);
    if (found < 0 || found >= this.end)
      throw new StepSyntaxError(`unterminated token ${this.where(from - 1)}`);
    return found;
  }
}

type EntityAttribute = EntityLayout['attributes'][number];

/** 10^0 … 10^22: every one is exact in a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT_MANTISSA = 2 ** 53;

/**
 * The value of a decimal number written `[sign]digits[.digits][E[sign]digits]` at bytes[start, end), when it can be
 * computed exactly: a mantissa below 2^53 scaled by a power of ten up to 10^22 is one correctly rounded operation on
 * two exact doubles, so the result is the double nearest the decimal, as Number() gives (Clinger's fast path). null
 * for anything else (longer mantissas, larger exponents, malformed text), which Number() then reads.
 */
function exactDecimal(bytes: Buffer, start: number, end: number): number | null {
  let p = start;
  const negative = bytes[p] === 0x2d;
  if (negative || bytes[p] === 0x2b) p++;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  while (p < end && (bytes[p] as number) >= 0x30 && (bytes[p] as number) <= 0x39) {
    mantissa = mantissa * 10 + (bytes[p++] as number) - 0x30;
    digits++;
  }
  if (p < end && bytes[p] === 0x2e) {
    p++;
    while (p < end && (bytes[p] as number) >= 0x30 && (bytes[p] as number) <= 0x39) {
      mantissa = mantissa * 10 + (bytes[p++] as number) - 0x30;
      digits++;
      scale--;
    }
  }
  if (digits === 0 || mantissa >= MAX_EXACT_MANTISSA) return null;
  if (p < end && (bytes[p] === 0x45 || bytes[p] === 0x65)) {
    p++;
    const negativeExponent = bytes[p] === 0x2d;
    if (negativeExponent || bytes[p] === 0x2b) p++;
    let exponent = 0;
    const first = p;
    while (p < end && (bytes[p] as number) >= 0x30 && (bytes[p] as number) <= 0x39 && exponent < 1000)
      exponent = exponent * 10 + (bytes[p++] as number) - 0x30;
    if (p === first) return null;
    scale += negativeExponent ? -exponent : exponent;
  }
  if (p !== end || scale < -22 || scale > 22) return null;
  const magnitude =
    scale < 0 ? mantissa / (POWERS_OF_TEN[-scale] as number) : mantissa * (POWERS_OF_TEN[scale] as number);
  // -0 as Number('-0.') reads it
  return negative ? -magnitude : magnitude;
}

const INTEGER_TEXT = /^[+-]?\d+$/;
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** Whether an integer's text (digits with an optional sign) is within a signed 64-bit integer's range. */
function fitsInt64(text: string): boolean {
  const value = BigInt(text);
  return value >= INT64.min && value <= INT64.max;
}
