import type { ExtractionSummary, ExtractProgress, RowBatch } from '@aec/ifc';

/** What the job runner hands a worker. */
export interface WorkerInput {
  filePath: string;
  batchSize: number;
  /** Where web-ifc's .wasm files are, when they do not sit next to its JS. */
  wasmPath?: string;
  /** When set, batches go to this port (a row-writer thread) instead of the runner, and acks come from it. */
  batchPort?: import('node:worker_threads').MessagePort;
}

/** What the runner hands a row-writer thread. */
export interface WriterInput {
  sqliteFile: string;
  projectId: string;
  version: number;
  /** The extraction worker's batches arrive here; acks go back through it. */
  batchPort: import('node:worker_threads').MessagePort;
}

/** Extraction worker → row writer, over the batch port. */
export type BatchPortMessage = { type: 'batch'; batch: RowBatch } | { type: 'end' };

export interface StoredCounts {
  elements: number;
  properties: number;
  spatial: number;
}

/** Row writer → runner. */
export type WriterMessage =
  | { type: 'drained'; stored: StoredCounts }
  | { type: 'error'; message: string }
  /** After `drained`, the writer builds the wide element set; this is its last word when it did not complete. */
  | { type: 'wide-failed'; message: string };

/**
 * Runner → row writer. `stop` ends the thread in order: the batch being written commits or rolls back, the
 * connection closes, and the thread exits by itself, so no SQLite connection is ever torn down mid-transaction.
 */
export type WriterControl = { type: 'pause' } | { type: 'resume' } | { type: 'stop' };

/** Worker → runner. Each `batch` waits for an `ack` before extraction continues (back-pressure and pause). */
export type WorkerMessage =
  | { type: 'progress'; progress: ExtractProgress }
  | { type: 'batch'; batch: RowBatch }
  | { type: 'done'; summary: ExtractionSummary }
  | { type: 'error'; code: string; message: string };

/** Runner → worker. */
export type RunnerMessage = { type: 'ack' };
