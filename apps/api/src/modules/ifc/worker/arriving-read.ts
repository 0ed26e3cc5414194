import { open, stat, type FileHandle } from 'node:fs/promises';
import {
  ARRIVAL_FAILED,
  ARRIVAL_STATE,
  ARRIVAL_WRITES,
  ARRIVED,
  IfcExtractionError,
  readArrivingIfcFile,
  type ReadIfcModel,
} from '@aec/ifc';
import type { ReadArrivingMessage } from './protocol';

/**
 * A spare extraction worker's reading of an upload while it arrives (ReadArrivingMessage), kept for the job that
 * upload becomes: ifc-worker.ts starts it on the message and asks for it when its job starts.
 */
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

export function readArriving({ path, arrival }: ReadArrivingMessage): void {
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
export async function arrivedRead(filePath: string): Promise<ReadIfcModel | null> {
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
