import type { ExtractionSummary, ExtractProgress, FlatRowBatch, RowBatch } from '@aec/ifc';
import type { RowContext } from '../../../store/types';

/** What the job runner hands a worker. */
export interface WorkerInput {
  filePath: string;
  batchSize: number;
  /** 'step' (default): the streaming extractor reads the file from disk; 'web-ifc': the reference reads it whole. */
  extractor?: 'step' | 'web-ifc';
  /** Where web-ifc's .wasm files are, when they do not sit next to its JS. */
  wasmPath?: string;
  /** When set, batches go to this port (a row-writer thread) instead of the runner, and acks come from it. */
  batchPort?: import('node:worker_threads').MessagePort;
}

/** What the runner hands a row-writer thread. */
export interface WriterInput {
  sqliteFile: string;
  /** The store's WAL checkpointer, when it has one: the writer's commits are checkpointed by its thread. */
  walCommits?: Int32Array;
  /** The API thread's turns at the write lock: the writer yields to them before each transaction. */
  writeTurns?: Int32Array;
  projectId: string;
  version: number;
  /** The model version the rows belong to; without it the row version's record gives it (RowRepository.insertBatch). */
  rowContext?: RowContext;
  /** The extraction worker's batches arrive here; acks go back through it. */
  batchPort: import('node:worker_threads').MessagePort;
}

/**
 * Extraction worker → row writer, over the batch port: rows flattened in the store's column order (row-columns),
 * which is cheaper to clone than row objects. After `end` and its `drained`, the writer waits for `continue` (sent
 * once the version is published) before the work that follows, so that work never holds the lock the publish needs.
 */
export type BatchPortMessage = { type: 'rows'; rows: FlatRowBatch } | { type: 'end' };

export interface StoredCounts {
  elements: number;
  properties: number;
  spatial: number;
}

/** Where a row writer's time went (epoch ms for points in time): reported with `drained` for the job's timeline. */
export interface WriterStats {
  firstBatchAt: number;
  lastBatchAt: number;
  batches: number;
  elementMs: number;
  propertyMs: number;
  spatialMs: number;
  /** Moving the staged element rows into the element table, after the last batch. */
  moveMs: number;
}

/** Row writer → runner. */
export type WriterMessage =
  | { type: 'drained'; stored: StoredCounts; stats: WriterStats }
  /** `code`: the store's error code when it has one (SQLITE_FULL: the disk is full). */
  | { type: 'error'; message: string; code?: string }
  /** After `drained`, the writer builds the wide element set; this is its last word when it did not complete. */
  | { type: 'wide-failed'; message: string };

/**
 * Runner → row writer. `stop` ends the thread in order: the batch being written commits or rolls back, the
 * connection closes, and the thread exits by itself, so no SQLite connection is ever torn down mid-transaction.
 * `continue`, after `drained`, starts the work done once the version is published (the wide element set): it waits
 * for the publish so that it never holds the write lock the publish needs.
 */
export type WriterControl = { type: 'pause' } | { type: 'resume' } | { type: 'stop' } | { type: 'continue' };

/** Worker → runner. Each `batch` waits for an `ack` before extraction continues (back-pressure and pause). */
export type WorkerMessage =
  | { type: 'progress'; progress: ExtractProgress }
  | { type: 'batch'; batch: RowBatch }
  | { type: 'done'; summary: ExtractionSummary; waitedMs: number }
  | { type: 'error'; code: string; message: string }
  /** A spare's rehearsal has ended (spare-rehearsal.ts); a runner that took the spare ignores it. */
  | ({ type: 'rehearsed' } & RehearsalReport);

/** Runner → worker. */
export type RunnerMessage = { type: 'ack' };

/** Runner → a worker started without workerData (a spare): its job's input, the batch port transferred with it. */
export interface StartMessage {
  type: 'start';
  input: WorkerInput;
}

/**
 * Job processor → a spare, before any job: read the upload arriving at `path` (told through `arrival`, see
 * @aec/ifc's arriving-file) while it arrives. A `start` whose file is that file (the same inode, once moved into
 * place) builds its rows from what was read; any other start, or an upload that never arrives whole, drops it.
 */
export interface ReadArrivingMessage {
  type: 'read-arriving';
  path: string;
  arrival: Int32Array;
}

/**
 * Job processor → a spare started while no job runs (spare-rehearsal.ts): `rehearse` writes a small generated model
 * into `dir` and extracts it a few times, so that the spare's code is compiled before its job comes; any other
 * message stops it (`stop-rehearsal` only that, before the spare is let go), and the spare answers `rehearsed` once
 * it has stopped and removed its file.
 */
export type RehearseMessage = { type: 'rehearse'; dir: string } | { type: 'stop-rehearsal' };

/** What a rehearsal did: rounds completed, its time, and whether a message stopped it before its last round. */
export interface RehearsalReport {
  rounds: number;
  ms: number;
  stopped: boolean;
}
