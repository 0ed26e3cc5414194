import { createGuidSource } from './guid';

/** Lets a revision rewrite or leave out lines while the model is written (see reviser.ts). */
export interface WriterHook {
  /** Before a non-product line: its arguments, or null to leave the line out. */
  entity(id: number, typeName: string, args: string[]): string[] | null;
  /** Before a product line: its arguments, or null to leave the product out (its id then stays unused). */
  product(id: number, typeName: string, args: string[]): string[] | null;
}

/**
 * Writes numbered entity lines into a buffer the caller drains chunk by chunk, and counts every
 * product it writes, so tests compare extraction with what was really generated.
 */
export class StepWriter {
  readonly productsByType: Record<string, number> = {};
  readonly guid: () => string;
  hook: WriterHook | null = null;
  private hooked = true;
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
    const out = this.hook && this.hooked ? this.unhooked(() => this.hook?.entity(id, typeName, args)) : args;
    if (out) this.line(id, typeName, out);
    return id;
  }

  /** An IfcProduct instance: counted by its schema-cased type name. */
  product(typeName: string, args: string[]): number {
    const id = this.nextId++;
    const hook = this.hooked ? this.hook : null;
    const out = hook ? this.unhooked(() => hook.product(id, typeName, args)) : args;
    if (!out) return id;
    this.productsByType[typeName] = (this.productsByType[typeName] ?? 0) + 1;
    this.line(id, typeName, out);
    return id;
  }

  /** Runs `write` with the hook off: what a hook writes itself is not rewritten again. */
  unhooked<T>(write: () => T): T {
    const before = this.hooked;
    this.hooked = false;
    try {
      return write();
    } finally {
      this.hooked = before;
    }
  }

  private line(id: number, typeName: string, args: string[]): void {
    this.raw(`#${id}=${typeName.toUpperCase()}(${args.join(',')});\n`);
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
