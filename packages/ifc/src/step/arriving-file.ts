import { open, type FileHandle } from 'node:fs/promises';
import type { ByteSource } from './step-file-reader';

/**
 * A file another thread is still writing (an upload arriving), told through a shared Int32Array: the writer bumps
 * ARRIVAL_WRITES as it writes and sets ARRIVAL_STATE once the file is whole (ARRIVED) or given up (ARRIVAL_FAILED).
 * Created by `newArrival`; the writer side is `reportArrival`.
 */
export const ARRIVAL_WRITES = 0;
export const ARRIVAL_STATE = 1;
export const ARRIVING = 0;
export const ARRIVED = 1;
export const ARRIVAL_FAILED = 2;

export const newArrival = (): Int32Array =>
  new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** What the writing side of an arrival calls: after each write, then once at the end. */
export const reportArrival = {
  wrote(arrival: Int32Array): void {
    Atomics.add(arrival, ARRIVAL_WRITES, 1);
    Atomics.notify(arrival, ARRIVAL_WRITES);
  },
  ended(arrival: Int32Array, state: typeof ARRIVED | typeof ARRIVAL_FAILED): void {
    // only the first end counts: a file that arrived whole is not failed afterwards
    Atomics.compareExchange(arrival, ARRIVAL_STATE, ARRIVING, state);
    Atomics.add(arrival, ARRIVAL_WRITES, 1);
    Atomics.notify(arrival, ARRIVAL_WRITES);
  },
  /** The file arrived whole, but the upload was refused (its file removed): what was read of it is dropped. */
  refused(arrival: Int32Array): void {
    Atomics.store(arrival, ARRIVAL_STATE, ARRIVAL_FAILED);
    Atomics.add(arrival, ARRIVAL_WRITES, 1);
    Atomics.notify(arrival, ARRIVAL_WRITES);
  },
};

/** The arrival stopped before its file was whole, or the reader was told to stop reading it. */
export class ArrivalAbandoned extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArrivalAbandoned';
  }
}

export interface ArrivingFile extends ByteSource {
  /** The file's device and inode: the same file under whatever name it is moved to once it has arrived. */
  readonly identity: { dev: number; ino: number };
  readonly handle: FileHandle;
  /** Resolves once the file is whole (rejects with ArrivalAbandoned if it never will be). */
  arrived(): Promise<void>;
}

export interface ArrivingFileOptions {
  /** Checked before every read and wait: true stops the reading (ArrivalAbandoned). */
  abandoned?: () => boolean;
  /** A read returns once this many bytes are in (or the file is whole), so the reader is not fed in slivers. */
  minReadBytes?: number;
  /** Longest wait for the next write before the file is looked at again (a write may land without a signal). */
  pollMs?: number;
}

const MIN_READ_BYTES = 1024 * 1024;
const POLL_MS = 20;

/**
 * Opens `path` (already created by the writer) for reading front to back while it arrives: a read that reaches the
 * bytes written so far waits for more, and only the end of the file once it has arrived reads as the end.
 */
export async function openArrivingFile(
  path: string,
  arrival: Int32Array,
  options: ArrivingFileOptions = {},
): Promise<ArrivingFile> {
  const handle = await open(path, 'r');
  const { dev, ino } = await handle.stat();
  const minRead = options.minReadBytes ?? MIN_READ_BYTES;
  const pollMs = options.pollMs ?? POLL_MS;
  let position = 0;

  /** Throws if the reading is to stop; answers whether the file is whole (looked at before reading it). */
  const whole = (): boolean => {
    const state = Atomics.load(arrival, ARRIVAL_STATE);
    if (state === ARRIVAL_FAILED) throw new ArrivalAbandoned('the upload did not complete');
    if (options.abandoned?.()) throw new ArrivalAbandoned('the reading was abandoned');
    return state === ARRIVED;
  };
  const nextWrite = async (seen: number) => {
    const wait = Atomics.waitAsync(arrival, ARRIVAL_WRITES, seen, pollMs);
    if (wait.async) await wait.value;
  };

  return {
    identity: { dev, ino },
    handle,
    async read(buffer, offset, length) {
      let got = 0;
      for (;;) {
        const writes = Atomics.load(arrival, ARRIVAL_WRITES);
        // the state is read before the file: once it says whole, this read sees every byte
        const isWhole = whole();
        const { bytesRead } = await handle.read(buffer, offset + got, length - got, position);
        position += bytesRead;
        got += bytesRead;
        if (isWhole || got >= Math.min(length, minRead)) return got;
        await nextWrite(writes);
      }
    },
    async arrived() {
      for (;;) {
        const writes = Atomics.load(arrival, ARRIVAL_WRITES);
        if (whole()) return;
        await nextWrite(writes);
      }
    },
    close: () => handle.close(),
  };
}
