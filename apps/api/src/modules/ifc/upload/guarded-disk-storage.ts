import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { DISK_RESERVE_BYTES, ranOutOfRoom, type FreeDiskSpace } from './free-disk-space';

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
export function guardedDiskStorage(options: { dir: string; freeSpace: FreeDiskSpace }): GuardedDiskStorage {
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
      let size = 0;
      let nextCheck = FREE_SPACE_CHECK_EVERY_BYTES;
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, done: TransformCallback) {
          size += chunk.length;
          if (size < nextCheck) return done(null, chunk);
          nextCheck = size + FREE_SPACE_CHECK_EVERY_BYTES;
          // The stream waits for the answer: no byte is written past a refusal.
          options.freeSpace(options.dir).then(
            (free) => (free < DISK_RESERVE_BYTES ? done(ranOutOfRoom(size, free)) : done(null, chunk)),
            (err: unknown) => done(err as Error),
          );
        },
      });
      const out = fs.createWriteStream(target);
      const written = pipeline(file.stream, guard, out).then(
        () => cb(null, { path: target, size }),
        async (err: unknown) => {
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
      track(
        req,
        fs.promises.rm(file.path, { force: true }).then(() => cb(null), cb),
      );
    },
  };
}
