import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { ARRIVAL_FAILED, ARRIVED, reportArrival } from '@aec/ifc';
import { DISK_RESERVE_BYTES, ranOutOfRoom, type FreeDiskSpace } from './free-disk-space';

/**
 * Hears of an uploaded file as it starts to arrive (its temp file just created at `path`), and answers the arrival
 * to report its writes and its end into (@aec/ifc's arriving-file), or null when nobody reads it as it arrives.
 */
export type ArrivalWatcher = (path: string) => Int32Array | null;

/** How often (in received bytes) the free space is looked at again while a file streams in. */
export const FREE_SPACE_CHECK_EVERY_BYTES = 32 * 1024 * 1024;

export interface GuardedDiskStorage extends StorageEngine {
  /** Resolves once every file of `req` is written or, when it failed or was refused, removed. */
  settled(req: Request): Promise<void>;
}

/**
 * A multer storage engine that streams the file chunk by chunk to `<uuid>.part` in `dir` (never the whole file in
 * memory) and, every FREE_SPACE_CHECK_EVERY_BYTES, checks that the disk still keeps its reserve: a body without a
 * Content-Length cannot be checked up front, and other writers share the disk. A failed or refused file is removed
 * before the error is reported.
 */
export function guardedDiskStorage(options: {
  dir: string;
  freeSpace: FreeDiskSpace;
  /** Who reads the request's file as it arrives, if anyone (see ArrivalWatcher). */
  watcherOf?: (req: Request) => ArrivalWatcher | undefined;
}): GuardedDiskStorage {
  // multer may answer an aborted upload before this engine has removed its partial file: the receiver waits on these.
  const writes = new WeakMap<Request, Promise<unknown>[]>();
  const track = (req: Request, work: Promise<unknown>) => writes.set(req, [...(writes.get(req) ?? []), work]);
  return {
    // A write that ends after multer's abort clean-up ran is removed from inside its own completion (multer then
    // calls _removeFile): that removal joins the list while it is awaited, so the list is awaited until it stops
    // growing. Without it a refused body's temp file could outlive the answer by a moment (seen under load in CI).
    async settled(req) {
      for (let seen = -1; seen !== (writes.get(req) ?? []).length;) {
        const pending = writes.get(req) ?? [];
        seen = pending.length;
        await Promise.allSettled(pending);
      }
    },
    _handleFile(req: Request, file, cb) {
      const target = path.join(options.dir, `${randomUUID()}.part`);
      const watcher = options.watcherOf?.(req);
      let arrival: Int32Array | null = null;
      let size = 0;
      let nextCheck = FREE_SPACE_CHECK_EVERY_BYTES;
      // A reader of the arriving file hears of each chunk as it is handed to the file (it may look before the bytes
      // land, and then looks again shortly: arriving-file.ts), and of the end once the file is whole or given up.
      const pass = (done: TransformCallback, chunk: Buffer) => {
        done(null, chunk);
        if (arrival) reportArrival.wrote(arrival);
      };
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, done: TransformCallback) {
          size += chunk.length;
          if (size < nextCheck) return pass(done, chunk);
          nextCheck = size + FREE_SPACE_CHECK_EVERY_BYTES;
          // The stream waits for the answer: no byte is written past a refusal.
          options.freeSpace(options.dir).then(
            (free) => (free < DISK_RESERVE_BYTES ? done(ranOutOfRoom(size, free)) : pass(done, chunk)),
            (err: unknown) => done(err as Error),
          );
        },
      });
      const out = fs.createWriteStream(target);
      if (watcher) out.once('open', () => (arrival = watcher(target)));
      const written = pipeline(file.stream, guard, out).then(
        () => {
          if (arrival) reportArrival.ended(arrival, ARRIVED);
          cb(null, { path: target, size, ...(arrival ? { arrival } : {}) });
        },
        async (err: unknown) => {
          if (arrival) reportArrival.ended(arrival, ARRIVAL_FAILED);
          // A part that fails at once (a body cut short) fails before the file's open has finished; the open then
          // still creates the file. The stream closes only after its open, so the file is removed after that.
          if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
          await fs.promises.rm(target, { force: true });
          cb(err as Error);
        },
      );
      track(req, written);
    },
    _removeFile(req, file, cb) {
      // multer removes a file it refuses after it arrived whole (a second file, a field over its limits)
      const arrival = (file as Express.Multer.File & { arrival?: Int32Array }).arrival;
      if (arrival) reportArrival.refused(arrival);
      track(
        req,
        fs.promises.rm(file.path, { force: true }).then(() => cb(null), cb),
      );
    },
  };
}
