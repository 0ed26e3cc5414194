import { createGuidSource } from './guid';

/**
 * Writes numbered entity lines into a buffer the caller drains chunk by chunk, and counts every
 * product it writes, so tests compare extraction with what was really generated.
 */
export class StepWriter {
  readonly productsByType: Record<string, number> = {};
  readonly guid: () => string;
  private nextId = 1;
  private parts: string[] = [];
  private pendingLength = 0;
  bytesTaken = 0;

  constructor(seed: number) {
    this.guid = createGuidSource(seed);
  }

  /** Raw text (header, trailer). */
  raw(text: string): void {
    this.parts.push(text);
    this.pendingLength += text.length;
  }

  /** Writes `#id=TYPE(args);` and returns the id. */
  entity(typeName: string, args: string[]): number {
    const id = this.nextId++;
    this.raw(`#${id}=${typeName.toUpperCase()}(${args.join(',')});\n`);
    return id;
  }

  /** An IfcProduct instance: counted by its schema-cased type name. */
  product(typeName: string, args: string[]): number {
    this.productsByType[typeName] = (this.productsByType[typeName] ?? 0) + 1;
    return this.entity(typeName, args);
  }

  /** An id no line will ever use (for dangling-reference faults). */
  unusedId(offset = 0): number {
    return 900_000_000 + offset;
  }

  get pendingBytes(): number {
    return this.pendingLength;
  }

  /** Everything written since the last take; the text is pure ASCII, so length = bytes. */
  take(): string {
    const chunk = this.parts.join('');
    this.parts = [];
    this.pendingLength = 0;
    this.bytesTaken += chunk.length;
    return chunk;
  }
}
