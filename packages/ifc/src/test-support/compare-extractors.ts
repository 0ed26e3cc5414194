import { extractIfc } from '../extract';
import { type StepExtractOptions, extractIfcFile } from '../step/extract-file';
import type { ExtractionSummary, RowBatch } from '../types';
import { withTempIfc } from './temp-ifc';

export interface CanonicalRows {
  summary: ExtractionSummary;
  elements: string[];
  properties: string[];
  spatial: string[];
}

/** Rows as sorted canonical JSON (keys in a fixed order): what the differential test compares. */
function canonical(rows: object[]): string[] {
  return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
}

async function collect(
  run: (onBatch: (batch: RowBatch) => void) => Promise<ExtractionSummary>,
): Promise<CanonicalRows> {
  const elements: object[] = [];
  const properties: object[] = [];
  const spatial: object[] = [];
  const summary = await run((batch) => {
    elements.push(...(batch.elements ?? []));
    properties.push(...(batch.properties ?? []));
    spatial.push(...(batch.spatial ?? []));
  });
  return {
    summary,
    elements: canonical(elements),
    properties: canonical(properties),
    spatial: canonical(spatial),
  };
}

export function extractWithWebIfc(data: Uint8Array): Promise<CanonicalRows> {
  return collect((onBatch) => extractIfc(data, { onBatch }));
}

export function extractStreaming(
  file: string,
  chunkSize?: number,
  options: Omit<StepExtractOptions, 'onBatch'> = {},
): Promise<CanonicalRows> {
  return collect((onBatch) => extractIfcFile(file, { ...options, onBatch, chunkSize }));
}

/**
 * Warnings only the streaming extractor gives, about values both extractors read the same way (the README lists
 * them): reals beyond a double's range, which web-ifc stores as no value without a word. Their own tests check them.
 */
const STREAMING_ONLY_WARNINGS = new Set(['outOfRangeReal']);

/**
 * The differential assertion: the same rows of each kind and the same summary (its duration aside, and the
 * streaming extractor's own warnings about values both read alike).
 */
export function expectSameRows(streamed: CanonicalRows, reference: CanonicalRows): void {
  expect(streamed.spatial).toEqual(reference.spatial);
  expect(streamed.elements).toEqual(reference.elements);
  expect(streamed.properties).toEqual(reference.properties);
  const { durationMs: _a, ...summary } = {
    ...streamed.summary,
    warnings: streamed.summary.warnings.filter((w) => !STREAMING_ONLY_WARNINGS.has(w.code)),
  };
  const { durationMs: _b, ...expected } = reference.summary;
  expect(summary).toEqual(expected);
}

/** Extracts `text` with web-ifc and streams it at each chunk size: the rows must be the same. Returns web-ifc's. */
export async function expectStreamingLikeWebIfc(text: string, chunkSizes: (number | undefined)[]) {
  const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
  for (const chunkSize of chunkSizes) {
    const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
    expectSameRows(streamed, reference);
  }
  return reference;
}
