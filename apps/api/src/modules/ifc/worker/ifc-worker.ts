import { readFile } from 'node:fs/promises';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { open, stat, type FileHandle } from 'node:fs/promises';
import {
  ARRIVAL_FAILED,
  ARRIVAL_STATE,
  ARRIVAL_WRITES,
  ARRIVED,
  arrivedReadMessage,
  configureWebIfc,
  extractIfc,
  extractIfcFile,
  extractReadModel,
  flattenBatch,
  IfcExtractionError,
  readArrivingIfcFile,
  type ExtractOptions,
  type FlatRowBatch,
  type ReadIfcModel,
  type RowBatch,
} from '@aec/ifc';
import {
  propertyColumnNames,
  spatialColumnNames,
  storedElementColumnNames,
} from '../../../store/row-columns';
import { DefNumbers, ELEMENT_SHAPE, PROPERTY_SHAPE } from '../../../store/sqlite/interned-rows';
import type {
  BatchPortMessage,
  ReadArrivingMessage,
  RunnerMessage,
  StartMessage,
  WorkerInput,
  WorkerMessage,
} from './protocol';

/**
 * Runs one extraction off the API's event loop. One worker per job: the runner terminates it afterwards, which
 * is how the WASM heap (which never shrinks) is given back. The input comes as workerData, or, for a worker
 * started ahead of its job (spare-worker.ts), in a `start` message.
 */
const port = parentPort;
if (!port) throw new Error('ifc-worker must run as a worker thread');
const send = (message: WorkerMessage) => port.postMessage(message);

/**
 * The row writer binds rows in the store's column order: flattening them here keeps that work off its thread, and so
 * does numbering the rows' definitions, which the writer then binds once each (interned-rows.ts).
 */
const STORE_ORDER = {
  elements: storedElementColumnNames,
  properties: propertyColumnNames,
  spatial: spatialColumnNames,
};

/**
 * Up to WINDOW batches may wait in the runner, so extraction (here) and storing (there) overlap on two cores;
 * beyond that the worker waits, which bounds memory and lets a paused runner hold extraction still.
 */
const WINDOW = 4;

async function run(input: WorkerInput): Promise<void> {
  /** Batches go to the row-writer thread when there is one, else to the runner. */
  const batchPort: MessagePort | typeof port = input.batchPort ?? port!;
  const sendBatch = (message: BatchPortMessage) => batchPort.postMessage(message);
  let unacknowledged = 0;
  /** Time spent waiting for the store to catch up: a measure of whether extraction or storing paces the job. */
  let waitedMs = 0;
  let release: (() => void) | null = null;
  const propertyDefs = new DefNumbers(PROPERTY_SHAPE);
  const elementDefs = new DefNumbers(ELEMENT_SHAPE);
  const forWriter = ({ properties, elements, spatial }: RowBatch): FlatRowBatch => {
    const flat = flattenBatch({ spatial }, STORE_ORDER);
    if (properties?.length) {
      const { values, defs } = propertyDefs.flatten(properties);
      flat.propertyValues = values;
      if (defs.length) flat.propertyDefs = defs;
    }
    if (elements?.length) {
      const { values, defs } = elementDefs.flatten(elements);
      flat.elementValues = values;
      if (defs.length) flat.elementDefs = defs;
    }
    return flat;
  };
  batchPort.on('message', (message: RunnerMessage | StartMessage) => {
    if (message.type !== 'ack') return;
    unacknowledged--;
    if (release && unacknowledged < WINDOW) {
      const resolve = release;
      release = null;
      resolve();
    }
  });

  const options: ExtractOptions = {
    batchSize: input.batchSize,
    onProgress: (progress) => send({ type: 'progress', progress }),
    onBatch: async (batch) => {
      unacknowledged++;
      if (input.batchPort) sendBatch({ type: 'rows', rows: forWriter(batch) });
      else send({ type: 'batch', batch });
      if (unacknowledged >= WINDOW) {
        const started = Date.now();
        await new Promise<void>((resolve) => (release = resolve));
        waitedMs += Date.now() - started;
      }
    },
  };
  let summary;
  const started = performance.now();
  const read = input.extractor === 'web-ifc' ? null : await arrivedRead(input.filePath);
  if (read) {
    options.onProgress?.({ phase: 'parse', message: arrivedReadMessage(read) });
    summary = await extractReadModel(read, started, options);
  } else if (input.extractor === 'web-ifc') {
    if (input.wasmPath) configureWebIfc({ wasmPath: input.wasmPath });
    summary = await extractIfc(new Uint8Array(await readFile(input.filePath)), options);
  } else summary = await extractIfcFile(input.filePath, options);
  if (input.batchPort) sendBatch({ type: 'end' });
  send({ type: 'done', summary, waitedMs });
}

/** An upload a spare reads while it arrives (ReadArrivingMessage), until a job starts or the upload is given up. */
interface ArrivingRead {
  arrival: Int32Array;
  /**
   * The file, held open while the reading is kept (null when it could not be opened: moved away already). Held open,
   * its inode cannot be given to another file, even once an upload refused is removed: a job's file with the same
   * inode is this very file.
   */
  file: Promise<FileHandle | null>;
  reading: Promise<ReadIfcModel>;
  stop(): void;
  /** Its model was handed to a job or closed. */
  settled: boolean;
}
let arriving: ArrivingRead | null = null;

/** Stops a reading and closes what it read, now or once it ends. */
function drop(read: ArrivingRead): void {
  read.stop();
  void read.file.then((file) => file?.close()).catch(() => undefined);
  read.reading.then(
    (model) => {
      if (read.settled) return;
      read.settled = true;
      model.model.close();
    },
    () => undefined,
  );
}

function readArriving({ path, arrival }: ReadArrivingMessage): void {
  if (arriving) drop(arriving);
  let stopped = false;
  const read: ArrivingRead = {
    arrival,
    file: open(path, 'r').catch(() => null),
    reading: readArrivingIfcFile(path, arrival, { abandoned: () => stopped }),
    stop: () => (stopped = true),
    settled: false,
  };
  arriving = read;
  // Once read, its model waits for the job; an upload refused after it arrived (ARRIVAL_FAILED) drops it at once
  // rather than at the next job. A reading that fails is simply not used.
  read.reading.then(
    async () => {
      for (let seen = Atomics.load(arrival, ARRIVAL_WRITES); arriving === read;) {
        if (Atomics.load(arrival, ARRIVAL_STATE) === ARRIVAL_FAILED) {
          arriving = null;
          drop(read);
          return;
        }
        const wait = Atomics.waitAsync(arrival, ARRIVAL_WRITES, seen, 60_000);
        if (wait.async) await wait.value;
        seen = Atomics.load(arrival, ARRIVAL_WRITES);
      }
    },
    () => undefined,
  );
}

/**
 * What was read of the job's file while it arrived: null when this worker read no upload, read another file (this job
 * is not that upload's), or its reading stopped before the file was whole. A refusal of the file itself (a syntax
 * error, a file cut short) is thrown: reading it again would refuse it the same way.
 */
async function arrivedRead(filePath: string): Promise<ReadIfcModel | null> {
  const read = arriving;
  arriving = null;
  if (!read) return null;
  const [held, job] = await Promise.all([
    read.file.then((file) => file?.stat() ?? null).catch(() => null),
    stat(filePath).catch(() => null),
  ]);
  // The same file (moved into place, it keeps its inode), whole, its upload accepted (a refused one ends failed).
  const same =
    held !== null &&
    job !== null &&
    held.dev === job.dev &&
    held.ino === job.ino &&
    Atomics.load(read.arrival, ARRIVAL_STATE) === ARRIVED;
  if (!same) {
    drop(read);
    return null;
  }
  try {
    const model = await read.reading;
    read.settled = true;
    return model;
  } catch (err) {
    if (err instanceof IfcExtractionError) throw err;
    // stopped, or failed for a reason of its own (not the file's): the job reads the file itself
    return null;
  } finally {
    void read.file.then((file) => file?.close()).catch(() => undefined);
  }
}

function start(input: WorkerInput): void {
  run(input).catch((err: unknown) => {
    if (err instanceof IfcExtractionError) send({ type: 'error', code: err.code, message: err.message });
    else
      send({
        type: 'error',
        code: 'EXTRACTION_FAILED',
        message: err instanceof Error ? err.message : String(err),
      });
  });
}

if (workerData) start(workerData as WorkerInput);
else
  port.on('message', function onStart(message: StartMessage | ReadArrivingMessage | RunnerMessage) {
    if (message.type === 'read-arriving') readArriving(message);
    if (message.type !== 'start') return;
    port.off('message', onStart);
    start(message.input);
  });
