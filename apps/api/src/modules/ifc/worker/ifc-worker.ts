import { readFile } from 'node:fs/promises';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import {
  arrivedReadMessage,
  configureWebIfc,
  extractIfc,
  extractIfcFile,
  extractReadModel,
  flattenBatch,
  IfcExtractionError,
  type ExtractOptions,
  type FlatRowBatch,
  type RowBatch,
} from '@aec/ifc';
import {
  propertyColumnNames,
  spatialColumnNames,
  storedElementColumnNames,
} from '../../../store/row-columns';
import { DefNumbers, ELEMENT_SHAPE, PROPERTY_SHAPE } from '../../../store/sqlite/interned-rows';
import { arrivedRead, readArriving } from './arriving-read';
import { rehearse, stopRehearsal } from './spare-rehearsal';
import type {
  BatchPortMessage,
  ReadArrivingMessage,
  RehearseMessage,
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

/** Flattens a job's batches for the row writer, numbering their definitions (one numbering per job). */
function writerRows(): (batch: RowBatch) => FlatRowBatch {
  const propertyDefs = new DefNumbers(PROPERTY_SHAPE);
  const elementDefs = new DefNumbers(ELEMENT_SHAPE);
  return ({ properties, elements, spatial }) => {
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
}

async function run(input: WorkerInput): Promise<void> {
  /** Batches go to the row-writer thread when there is one, else to the runner. */
  const batchPort: MessagePort | typeof port = input.batchPort ?? port!;
  const sendBatch = (message: BatchPortMessage) => batchPort.postMessage(message);
  let unacknowledged = 0;
  /** Time spent waiting for the store to catch up: a measure of whether extraction or storing paces the job. */
  let waitedMs = 0;
  let release: (() => void) | null = null;
  const forWriter = writerRows();
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
  port.on(
    'message',
    function onStart(message: StartMessage | ReadArrivingMessage | RehearseMessage | RunnerMessage) {
      if (message.type === 'rehearse') {
        const rows = writerRows();
        void rehearse(message.dir, (batch) => void rows(batch)).then((report) =>
          send({ type: 'rehearsed', ...report }),
        );
        return;
      }
      // an upload arriving, or a job: the rehearsal gives way (at its next batch)
      const rehearsed = stopRehearsal();
      if (message.type === 'read-arriving') readArriving(message);
      if (message.type !== 'start') return;
      port.off('message', onStart);
      void rehearsed.then(() => start(message.input));
    },
  );
