import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PagedIntList } from './paged-int-list';

/**
 * Records are stored back to back in blocks: the unit kept in memory, written out and read back. 1 MiB, or an eighth
 * of a smaller memory limit (tests use one to make a small model spill).
 */
const MAX_BLOCK_BYTES = 1024 * 1024;
const MIN_BLOCK_BYTES = 1024;
/** Kept in memory by default: all of a ~100 MB model's records, a small part of a multi-gigabyte one's. */
export const DEFAULT_MEMORY_BYTES = 96 * 1024 * 1024;
/** A record's length shares an int with its entity index: 20 bits of length, longer ones go to a Map. */
const LENGTH_BITS = 20;
const LENGTH_MASK = (1 << LENGTH_BITS) - 1;
const MAX_ENTITY = (1 << (32 - LENGTH_BITS)) - 1;
/** Records up to this length are copied byte by byte rather than through Buffer#copy. */
const SHORT_COPY = 96;
/** Every CHECKPOINT-th record's offset is stored; the others are found by adding up lengths from there. */
const CHECKPOINT_BITS = 5;
const CHECKPOINT = 1 << CHECKPOINT_BITS;

/** Where one record's bytes are: buf[start, end), valid until the next read. */
export interface RecordBytes {
  buf: Buffer;
  start: number;
  end: number;
}

/**
 * The parameter bytes of the entities the extraction keeps, numbered by slot in the order they were added. Up to
 * `memoryBytes` of them stay in memory; past that, blocks are written to a temporary file (unlinked once opened,
 * closed on close) and
 * read back through a cache of `memoryBytes` of blocks, most recently used first. The extraction reads records
 * mostly in file order, so a multi-gigabyte model is read back in large sequential runs, from the OS page cache.
 * Per record it keeps 4 bytes (entity index and length) plus an offset every 32 records.
 */
export class KeptRecords {
  private readonly packed = new PagedIntList();
  private readonly longLengths = new Map<number, number>();
  private readonly checkpoints: number[] = [];
  /** block index → its bytes, least recently used first (all blocks while nothing was written out) */
  private readonly blocks = new Map<number, Buffer>();
  private readonly blockBytes: number;
  private tail: Buffer;
  private tailUsed = 0;
  private tailIndex = 0;
  private size = 0;
  private dir: string | null = null;
  private fd: number | null = null;
  private readonly maxBlocks: number;
  private lastIndex = -1;
  private lastBlock: Buffer | null = null;
  /**
   * Blocks let go of by the cache, reused for the next block filled or read back: a multi-gigabyte model passes
   * thousands of blocks through the cache, and each new one was garbage for the collector to find (RSS grew).
   */
  private readonly spare: Buffer[] = [];
  private allocations = 1;

  constructor(memoryBytes = DEFAULT_MEMORY_BYTES) {
    this.blockBytes = Math.min(MAX_BLOCK_BYTES, Math.max(MIN_BLOCK_BYTES, Math.floor(memoryBytes / 8)));
    this.maxBlocks = Math.max(2, Math.ceil(memoryBytes / this.blockBytes));
    this.tail = Buffer.allocUnsafe(this.blockBytes);
  }

  get count(): number {
    return this.packed.length;
  }

  /** Record bytes in all: in memory and in the temporary file. */
  get totalBytes(): number {
    return this.size;
  }

  /** Bytes this store holds in memory: the blocks it keeps, the block being filled and its tables. */
  get retainedBytes(): number {
    return (this.blocks.size + 1) * this.blockBytes + this.packed.bytes + this.checkpoints.length * 8;
  }

  /** Blocks allocated so far: with the cache full, blocks are reused, so this stops growing. */
  get allocatedBlocks(): number {
    return this.allocations;
  }

  /** Whether records were written out to the temporary file. */
  get spilled(): boolean {
    return this.fd !== null;
  }

  /** The temporary file's directory (removed as soon as the file was opened). */
  get spillDir(): string | null {
    return this.dir;
  }

  /** Adds bytes[start, end) as the next record, of entity index `entity`; returns its slot. */
  add(entity: number, bytes: Buffer, start: number, end: number): number {
    if (entity > MAX_ENTITY) throw new RangeError(`entity index ${entity} out of range`);
    const slot = this.packed.length;
    const length = end - start;
    if ((slot & (CHECKPOINT - 1)) === 0) this.checkpoints.push(this.size);
    if (length >= LENGTH_MASK) this.longLengths.set(slot, length);
    this.packed.push((entity << LENGTH_BITS) | Math.min(length, LENGTH_MASK));
    let from = start;
    while (from < end) {
      const n = Math.min(end - from, this.blockBytes - this.tailUsed);
      if (n <= SHORT_COPY) {
        // most records are a few dozen bytes: a loop is cheaper than Buffer#copy's call and argument checks
        const tail = this.tail;
        for (let k = 0, at = this.tailUsed; k < n; k++) tail[at + k] = bytes[from + k] as number;
      } else bytes.copy(this.tail, this.tailUsed, from, from + n);
      this.tailUsed += n;
      from += n;
      if (this.tailUsed === this.blockBytes) this.sealTail();
    }
    this.size += length;
    return slot;
  }

  entityOf(slot: number): number {
    return this.packed.get(slot) >>> LENGTH_BITS;
  }

  /** The bytes of a record: a view into a cached block, or a copy when the record straddles two blocks. */
  read(slot: number): RecordBytes {
    let start = this.checkpoints[slot >>> CHECKPOINT_BITS] as number;
    for (let s = slot & ~(CHECKPOINT - 1); s < slot; s++) start += this.lengthOf(s);
    const end = start + this.lengthOf(slot);
    const index = Math.floor(start / this.blockBytes);
    const offset = index * this.blockBytes;
    if (end <= offset + this.blockBytes) {
      const buf = this.block(index);
      return { buf, start: start - offset, end: end - offset };
    }
    const buf = Buffer.allocUnsafe(end - start);
    let at = start;
    while (at < end) {
      const i = Math.floor(at / this.blockBytes);
      const block = this.block(i);
      const from = at - i * this.blockBytes;
      const n = Math.min(end - at, this.blockBytes - from);
      block.copy(buf, at - start, from, from + n);
      at += n;
    }
    return { buf, start: 0, end: buf.length };
  }

  /** Removes the temporary file; the store is not read afterwards. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.fd = null;
    this.dir = null;
    this.blocks.clear();
    this.lastBlock = null;
  }

  private lengthOf(slot: number): number {
    const length = this.packed.get(slot) & LENGTH_MASK;
    return length === LENGTH_MASK ? (this.longLengths.get(slot) as number) : length;
  }

  /** The block being filled is full: it joins the kept blocks, and the oldest go to the file past the limit. */
  private sealTail(): void {
    if (this.fd !== null) this.writeBlock(this.tailIndex, this.tail);
    this.cache(this.tailIndex, this.tail);
    this.tail = this.spare.pop() ?? this.newBlock();
    this.tailUsed = 0;
    this.tailIndex++;
  }

  private cache(index: number, block: Buffer): void {
    this.blocks.set(index, block);
    if (this.blocks.size <= this.maxBlocks) return;
    if (this.fd === null) {
      // the first time past the limit: everything kept so far goes to the file, then it is a cache
      this.dir = mkdtempSync(join(tmpdir(), 'aec-step-records-'));
      this.fd = openSync(join(this.dir, 'records'), 'w+');
      // gone from the folder at once: the open descriptor keeps it readable, and a killed process leaves nothing
      rmSync(this.dir, { recursive: true, force: true });
      for (const [i, b] of this.blocks) this.writeBlock(i, b);
    }
    while (this.blocks.size > this.maxBlocks) {
      const [oldest, buffer] = this.blocks.entries().next().value as [number, Buffer];
      this.blocks.delete(oldest);
      if (oldest === this.lastIndex) {
        this.lastIndex = -1;
        this.lastBlock = null;
      }
      this.spare.push(buffer);
    }
  }

  private newBlock(): Buffer {
    this.allocations++;
    return Buffer.allocUnsafe(this.blockBytes);
  }

  private writeBlock(index: number, block: Buffer): void {
    let done = 0;
    while (done < block.length)
      done += writeSync(this.fd as number, block, done, block.length - done, index * this.blockBytes + done);
  }

  private block(index: number): Buffer {
    if (index === this.lastIndex && this.lastBlock) return this.lastBlock;
    let block: Buffer | undefined;
    if (index === this.tailIndex) block = this.tail;
    else {
      block = this.blocks.get(index);
      if (block) {
        // most recently used goes last
        this.blocks.delete(index);
        this.blocks.set(index, block);
      } else {
        block = this.spare.pop() ?? this.newBlock();
        let done = 0;
        while (done < this.blockBytes) {
          const n = readSync(
            this.fd as number,
            block,
            done,
            this.blockBytes - done,
            index * this.blockBytes + done,
          );
          if (n === 0) break;
          done += n;
        }
        this.cache(index, block);
      }
    }
    this.lastIndex = index;
    this.lastBlock = block;
    return block;
  }
}
