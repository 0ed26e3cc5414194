import { IFC_PRODUCT_TYPES, IFC_PROPERTY_VALUE_TYPES, type ProcessingRate } from '@aec/contracts';

/** What the Preview step learns from the file itself before anything is uploaded. */
export type FileScan = { products: number; propertyValues: number };

const ENTITY_HEAD = /^\s*#\d+\s*=\s*([A-Za-z][A-Za-z0-9_]*)\s*$/;

/**
 * Counts the entity instances of a STEP file fed to it in pieces of any size: `#12 = IFCWALL (…);` counts one
 * IFCWALL. Text inside strings ('…', with '' for a quote) and comments (/* … *\/) is skipped, so a name that
 * happens to contain "#9=IFCDOOR(" is not an entity. Only the few characters before an instance's first '(' are
 * kept, so memory stays flat whatever the file size.
 */
export function createEntityCounter() {
  let mode: 'code' | 'string' | 'comment' = 'code';
  let previous = '';
  let head = '';
  let headDone = false;
  let products = 0;
  let propertyValues = 0;

  const count = (name: string) => {
    const upper = name.toUpperCase();
    if (IFC_PRODUCT_TYPES.has(upper)) products += 1;
    else if (IFC_PROPERTY_VALUE_TYPES.has(upper)) propertyValues += 1;
  };

  function push(text: string): void {
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (mode === 'comment') {
        if (previous === '*' && c === '/') {
          mode = 'code';
          previous = '';
          continue;
        }
      } else if (mode === 'string') {
        if (c === "'") mode = 'code'; // '' re-enters the string on the next quote
      } else if (c === "'") {
        mode = 'string';
        headDone = true;
      } else if (previous === '/' && c === '*') {
        mode = 'comment';
        if (!headDone) head = head.slice(0, -1);
      } else if (c === ';') {
        head = '';
        headDone = false;
      } else if (!headDone) {
        if (c === '(') {
          headDone = true;
          const match = ENTITY_HEAD.exec(head);
          if (match) count(match[1]!);
        } else if (head.length < 96) {
          head += c;
        } else {
          headDone = true; // no entity head is this long
        }
      }
      previous = c;
    }
  }

  return { push, result: (): FileScan => ({ products, propertyValues }) };
}

/**
 * Reads a file (or any Blob) in chunks and counts its products and property values, without holding more than
 * one chunk in memory: a 100 MB model is scanned in the browser before it is uploaded.
 */
export async function scanIfcFile(
  file: Blob,
  options: { chunkBytes?: number; signal?: AbortSignal } = {},
): Promise<FileScan> {
  const chunkBytes = options.chunkBytes ?? 4 * 1024 * 1024;
  const decoder = new TextDecoder();
  const counter = createEntityCounter();
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    options.signal?.throwIfAborted();
    const bytes = await file.slice(offset, offset + chunkBytes).arrayBuffer();
    counter.push(decoder.decode(bytes, { stream: true }));
  }
  counter.push(decoder.decode());
  return counter.result();
}

export type TimeRange = { lowSeconds: number; highSeconds: number };

/**
 * Processing time from the rows the server will write (one per product, one per property value) at the rate the
 * server measured on finished jobs, plus its start-up time; shown as a range, since models differ in geometry
 * and set sharing.
 */
export function estimateProcessing(
  scan: FileScan,
  rate: Pick<ProcessingRate, 'rowsPerSecond' | 'startupMs'>,
): TimeRange {
  const seconds = rate.startupMs / 1000 + (scan.products + scan.propertyValues) / rate.rowsPerSecond;
  return { lowSeconds: seconds * 0.6, highSeconds: seconds * 1.6 };
}

/** "about 2–6 seconds", "about 1–3 minutes". */
export function formatTimeRange({ lowSeconds, highSeconds }: TimeRange): string {
  if (highSeconds < 90) {
    const low = Math.max(1, Math.floor(lowSeconds));
    const high = Math.max(low + 1, Math.ceil(highSeconds));
    return `about ${low}–${high} seconds`;
  }
  const low = Math.max(1, Math.floor(lowSeconds / 60));
  const high = Math.max(low + 1, Math.ceil(highSeconds / 60));
  return `about ${low}–${high} minutes`;
}
