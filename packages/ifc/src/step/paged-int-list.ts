const PAGE_BITS = 16;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;

/**
 * 32-bit integers by index, in pages of 64K entries allocated as indexes are reached. Unlike one growing array it
 * never copies itself nor holds twice its size while growing: what a table of tens of millions of entries needs
 * (an id → record table of a multi-gigabyte model). Unset entries read as 0.
 */
export class PagedIntList {
  private readonly pages: Array<Int32Array | undefined> = [];
  length = 0;

  get(index: number): number {
    return this.pages[index >>> PAGE_BITS]?.[index & PAGE_MASK] ?? 0;
  }

  set(index: number, value: number): void {
    const p = index >>> PAGE_BITS;
    let page = this.pages[p];
    if (!page) {
      while (this.pages.length < p) this.pages.push(undefined);
      page = new Int32Array(PAGE_SIZE);
      this.pages[p] = page;
    }
    page[index & PAGE_MASK] = value;
    if (index >= this.length) this.length = index + 1;
  }

  push(value: number): void {
    this.set(this.length, value);
  }

  /** A copy of the entries in one array. */
  toArray(): Int32Array {
    const out = new Int32Array(this.length);
    for (let p = 0; p * PAGE_SIZE < this.length; p++) {
      const page = this.pages[p];
      if (page) out.set(page.subarray(0, Math.min(PAGE_SIZE, this.length - p * PAGE_SIZE)), p * PAGE_SIZE);
    }
    return out;
  }

  /** Bytes its pages hold. */
  get bytes(): number {
    let pages = 0;
    for (const page of this.pages) if (page) pages++;
    return pages * PAGE_SIZE * 4;
  }
}
