/** A growable list of 32-bit integers: a few bytes per entry where a JS array of numbers or a Map costs dozens. */
export class IntList {
  private values: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.values = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length * 2);
    this.values[this.length++] = value;
  }

  get(index: number): number {
    return this.values[index] ?? 0;
  }

  /** Sets index (growing the list with zeros as needed). */
  set(index: number, value: number): void {
    if (index >= this.values.length) this.grow(Math.max(index + 1, this.values.length * 2));
    this.values[index] = value;
    if (index >= this.length) this.length = index + 1;
  }

  private grow(capacity: number): void {
    const next = new Int32Array(capacity);
    next.set(this.values.subarray(0, this.length));
    this.values = next;
  }
}
