import type { ExtractionSummary, ExtractProgress, RowBatch } from '@aec/ifc';

/** What the job runner hands a worker. */
export interface WorkerInput {
  filePath: string;
  batchSize: number;
  /** Where web-ifc's .wasm files are, when they do not sit next to its JS. */
  wasmPath?: string;
}

/** Worker → runner. Each `batch` waits for an `ack` before extraction continues (back-pressure and pause). */
export type WorkerMessage =
  | { type: 'progress'; progress: ExtractProgress }
  | { type: 'batch'; batch: RowBatch }
  | { type: 'done'; summary: ExtractionSummary }
  | { type: 'error'; code: string; message: string };

/** Runner → worker. */
export type RunnerMessage = { type: 'ack' };
