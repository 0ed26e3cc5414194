import { decodeStepString } from './step-string';

/** `#12`: a reference to another entity instance. */
export class StepRef {
  constructor(readonly id: number) {}
}

/** `.ELEMENT.`, `.T.`: an enumeration or boolean/logical literal, without its dots. */
export class StepEnum {
  constructor(readonly value: string) {}
}

/** `IFCLABEL('x')`: a value with its defined type named (a select's member); `type` is upper case as written. */
export class StepTyped {
  constructor(
    readonly type: string,
    readonly value: StepValue,
  ) {}
}

/** `"0123ABC"`: a binary, its hex digits as written (the first says how many bits pad the last). */
export class StepBinary {
  constructor(readonly hex: string) {}
}

/** `*`: an attribute a subtype redeclared as derived. */
export const STEP_DERIVED = Symbol('derived');

export type StepValue =
  null | typeof STEP_DERIVED | number | string | StepRef | StepEnum | StepTyped | StepBinary | StepValue[];

export class StepSyntaxError extends Error {}

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
 * Parses the parameter list of one record, `(…)` at bytes[start, end), into values. Whitespace and comments may sit
 * between tokens. Throws StepSyntaxError on anything that is not ISO 10303-21.
 */
export function parseParameters(bytes: Uint8Array, start: number, end: number): StepValue[] {
  const parser = new ParameterParser(bytes, end);
  parser.at = start;
  parser.skipSpace();
  const list = parser.list();
  parser.skipSpace();
  if (parser.at !== end)
    throw new StepSyntaxError(`unexpected text after a parameter list at byte ${parser.at}`);
  return list;
}

class ParameterParser {
  at = 0;

  private readonly bytes: Buffer;

  constructor(
    bytes: Uint8Array,
    private readonly end: number,
  ) {
    this.bytes = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  skipSpace(): void {
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

  list(): StepValue[] {
    const { bytes } = this;
    if (bytes[this.at] !== 0x28 /* ( */) throw new StepSyntaxError(`expected '(' at byte ${this.at}`);
    this.at++;
    const values: StepValue[] = [];
    this.skipSpace();
    if (bytes[this.at] === 0x29 /* ) */) {
      this.at++;
      return values;
    }
    for (;;) {
      values.push(this.value());
      this.skipSpace();
      const b = bytes[this.at];
      this.at++;
      if (b === 0x29) return values;
      if (b !== 0x2c /* , */) throw new StepSyntaxError(`expected ',' or ')' at byte ${this.at - 1}`);
      this.skipSpace();
    }
  }

  value(): StepValue {
    const { bytes, end } = this;
    if (this.at >= end) throw new StepSyntaxError('parameter list ends early');
    const b = bytes[this.at] as number;
    if (b === 0x24 /* $ */) {
      this.at++;
      return null;
    }
    if (b === 0x2a /* * */) {
      this.at++;
      return STEP_DERIVED;
    }
    if (b === 0x23 /* # */) {
      let p = this.at + 1;
      let id = 0;
      while (p < end && (bytes[p] as number) >= 0x30 && (bytes[p] as number) <= 0x39)
        id = id * 10 + (bytes[p++] as number) - 0x30;
      if (p === this.at + 1) throw new StepSyntaxError(`'#' without a number at byte ${this.at}`);
      this.at = p;
      return new StepRef(id);
    }
    if (b === QUOTE) return this.string();
    if (b === 0x28) return this.list();
    if (b === 0x2e /* . */) {
      const close = this.indexOf(0x2e, this.at + 1);
      const value = this.latin1(this.at + 1, close);
      this.at = close + 1;
      return new StepEnum(value);
    }
    if (b === 0x22 /* " */) {
      const close = this.indexOf(0x22, this.at + 1);
      const hex = this.latin1(this.at + 1, close);
      this.at = close + 1;
      return new StepBinary(hex);
    }
    if (isNumberByte(b)) {
      let p = this.at;
      while (p < end && isNumberByte(bytes[p] as number)) p++;
      const text = this.latin1(this.at, p);
      // JavaScript reads STEP's reals as written: '2500.', '1.E-3', '-0.5E+02'
      const value = Number(text);
      if (!Number.isFinite(value)) throw new StepSyntaxError(`bad number '${text}' at byte ${this.at}`);
      this.at = p;
      return value;
    }
    if (isNameByte(b)) {
      let p = this.at;
      while (p < end && isNameByte(bytes[p] as number)) p++;
      const type = this.latin1(this.at, p).toUpperCase();
      this.at = p;
      this.skipSpace();
      const inner = this.list();
      return new StepTyped(type, inner.length === 1 ? (inner[0] as StepValue) : inner);
    }
    throw new StepSyntaxError(`unexpected '${String.fromCharCode(b)}' at byte ${this.at}`);
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
    if (found < 0 || found >= this.end) throw new StepSyntaxError(`unterminated token at byte ${from - 1}`);
    return found;
  }

  private latin1(start: number, end: number): string {
    return this.bytes.toString('latin1', start, end);
  }
}
