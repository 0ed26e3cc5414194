/** Replace `length` bytes at `offset` of the original with `bytes` (length 0 inserts). */
export interface ByteEdit {
  offset: number;
  length: number;
  bytes: Uint8Array;
}

interface Segment {
  /** where the segment starts in the patched view */
  at: number;
  bytes: Uint8Array;
}

/**
 * A read-only view of `data` with edits applied, read in chunks the way web-ifc's loader asks for them, without
 * copying the file: the view is a list of slices of the original and of the edits' bytes. Edits must be sorted by
 * offset; one that overlaps the previous is ignored.
 */
export class PatchedBytes {
  private readonly segments: Segment[] = [];
  readonly byteLength: number;

  constructor(data: Uint8Array, edits: readonly ByteEdit[]) {
    let from = 0;
    let at = 0;
    const add = (bytes: Uint8Array) => {
      if (bytes.byteLength === 0) return;
      this.segments.push({ at, bytes });
      at += bytes.byteLength;
    };
    for (const edit of edits) {
      if (edit.offset < from || edit.offset + edit.length > data.byteLength) continue;
      add(data.subarray(from, edit.offset));
      add(edit.bytes);
      from = edit.offset + edit.length;
    }
    add(data.subarray(from));
    this.byteLength = at;
  }

  /** Up to `size` bytes from `offset` of the patched view (fewer only at the end). */
  read(offset: number, size: number): Uint8Array {
    const end = Math.min(this.byteLength, offset + size);
    if (offset >= end) return new Uint8Array(0);
    let index = this.segmentAt(offset);
    const first = this.segments[index];
    if (first && first.at + first.bytes.byteLength >= end) {
      return first.bytes.subarray(offset - first.at, end - first.at);
    }
    const out = new Uint8Array(end - offset);
    for (let written = 0; written < out.length; index++) {
      const segment = this.segments[index];
      if (!segment) break;
      const start = offset + written - segment.at;
      const piece = segment.bytes.subarray(start, start + out.length - written);
      out.set(piece, written);
      written += piece.byteLength;
    }
    return out;
  }

  /** Index of the segment holding `offset` (binary search: web-ifc reads the file front to back in chunks). */
  private segmentAt(offset: number): number {
    let low = 0;
    let high = this.segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.segments[mid]?.at ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
