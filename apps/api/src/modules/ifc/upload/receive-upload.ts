import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { fileOverLimitMessage, uploadLimitWords, withControlCharactersReplaced } from '@aec/contracts';
import { reportArrival } from '@aec/ifc';
import { UploadRejectedError } from '../../../errors/app-error';
import { DISK_RESERVE_BYTES, noRoomFor, statfsFreeSpace, type FreeDiskSpace } from './free-disk-space';
import { guardedDiskStorage, type ArrivalWatcher } from './guarded-disk-storage';
import { errorCode, isDiskFull } from '../disk-full';

export interface ReceivedFile {
  path: string;
  originalName: string;
  size: number;
  /** The multipart text fields sent with it (e.g. a new model's `name`), unvalidated. */
  fields: Record<string, unknown>;
  /** When the file was read as it arrived (ArrivalWatcher): told if the upload is then refused (releaseReceived). */
  arrival?: Int32Array;
}

/**
 * Done with a received file: it is removed unless it was moved into place (a version's file), and when it was still
 * there (the upload was refused), a reading of it as it arrived is told to drop what it read.
 */
export async function releaseReceived(file: ReceivedFile): Promise<void> {
  const refused = await fs.promises.unlink(file.path).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
  if (refused && file.arrival) reportArrival.refused(file.arrival);
}

const IFC_EXTENSION = /\.ifc$/i;

/** The arrival the storage engine gave the file (multer copies what the engine reports onto req.file). */
const arrivalOf = (file: Express.Multer.File): Int32Array | undefined =>
  (file as Express.Multer.File & { arrival?: Int32Array }).arrival;

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
/** What a multipart body may carry besides the file: its text fields and the part headers and boundaries. */
const MULTIPART_OVERHEAD_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

export interface UploadReceiverOptions {
  uploadDir: string;
  maxBytes: number;
  maxMb: number;
  /** Free bytes on the upload folder's file system; statfs by default (tests pass their own). */
  freeSpace?: FreeDiskSpace;
  /** How long the body may stall, not one byte arriving, before the connection is dropped (UPLOAD_IDLE_MS). */
  idleMs?: number;
}

/**
 * A body that stalls this long is given up and its partial file removed. The whole request may take much longer
 * (a slow link sending a large model: see http/request-timeout.ts); it only has to keep sending.
 */
export const UPLOAD_IDLE_MS = 120_000;

/** Receives one upload's file (see createUploadReceiver); `watch` hears of it as it arrives. */
export type UploadReceiver = (
  req: Request,
  res: Response,
  watch?: ArrivalWatcher | null,
) => Promise<ReceivedFile>;

/**
 * Streams the multipart field `ifcFile` to a temp file in DATA_DIR/uploads (never the whole file in memory) and
 * removes it on every failure path, including a client that disconnects mid-upload. A body whose Content-Length is
 * over the limit (413) or would not fit on the disk (507) is refused before a byte is stored.
 */
export function createUploadReceiver(options: UploadReceiverOptions): UploadReceiver {
  fs.mkdirSync(options.uploadDir, { recursive: true });
  const freeSpace = options.freeSpace ?? statfsFreeSpace;
  const watchers = new WeakMap<Request, ArrivalWatcher>();
  const storage = guardedDiskStorage({
    dir: options.uploadDir,
    freeSpace,
    watcherOf: (req) => watchers.get(req),
  });
  const handler = multer({
    storage,
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: MAX_FIELDS,
      parts: 30,
      fieldSize: MAX_FIELD_BYTES,
    },
    // Browsers and curl send a file name's non-ASCII characters as raw UTF-8 bytes: read them as such (busboy's
    // latin1 default turned "Tragwerk Ü.ifc" into "Tragwerk Ã\x9c.ifc", and with it the model's default name).
    defParamCharset: 'utf8',
    fileFilter: (_req, file, cb) => {
      if (file.fieldname !== 'ifcFile') {
        return cb(
          new UploadRejectedError(
            400,
            'UNEXPECTED_FIELD',
            `Unexpected file field '${file.fieldname}': send the model in 'ifcFile'.`,
          ),
        );
      }
      // The client-supplied name is only checked and echoed back as a label, never used as a path.
      if (!IFC_EXTENSION.test(file.originalname)) {
        return cb(new UploadRejectedError(400, 'NOT_IFC', 'Please select a valid IFC file (.ifc extension)'));
      }
      cb(null, true);
    },
  }).single('ifcFile');

  /** The refusal a declared body size already earns, or null: checked before multer reads a byte. */
  async function refusalFromLength(req: Request): Promise<UploadRejectedError | null> {
    const declared = Number(req.get('content-length'));
    if (!Number.isSafeInteger(declared) || declared <= 0) return null;
    if (declared > options.maxBytes + MULTIPART_OVERHEAD_BYTES) return tooLarge(options.maxMb);
    const free = await freeSpace(options.uploadDir);
    if (free - declared >= DISK_RESERVE_BYTES) return null;
    // A read-only data folder also reports little or no free space: say what is really wrong (503, not 507).
    await fs.promises.access(options.uploadDir, fs.constants.W_OK);
    return noRoomFor(declared, free);
  }

  /** `watch`: who reads the file as it arrives (the job processor's spare worker), if anyone. */
  return async (req, res, watch) => {
    if (watch) watchers.set(req, watch);
    const early = await refusalFromLength(req).catch((err: unknown) => storageError(err));
    if (early) {
      // Read and drop the rest of the body so the client gets this answer rather than a reset connection.
      req.resume();
      throw early;
    }
    const socket = req.socket;
    const stalled = () => socket.destroy();
    socket.setTimeout(options.idleMs ?? UPLOAD_IDLE_MS, stalled);
    return new Promise((resolve, reject) => {
      handler(req, res, (err: unknown) => {
        // The body is read (or given up): waiting for processing (?wait=true) sends nothing for a while, legitimately.
        // Passing the listener removes it: a kept-alive connection carries the next upload, and the one after.
        socket.setTimeout(0, stalled);
        const file = req.file;
        if (err) {
          if (file && arrivalOf(file)) reportArrival.refused(arrivalOf(file)!);
          if (file?.path) fs.rm(file.path, { force: true }, () => undefined);
          // A refused file is removed before the answer goes out, so no client sees it still on disk.
          void storage.settled(req).then(() => reject(translate(err, options.maxMb)));
          return;
        }
        if (!file) {
          return reject(
            new UploadRejectedError(
              400,
              'NO_FILE',
              "No file uploaded: send the model in the multipart field 'ifcFile'.",
            ),
          );
        }
        resolve({
          path: file.path,
          // A file name's control characters (a NUL arrives percent-encoded in filename*) are made visible U+FFFD:
          // stored as sent, SQLite would serve the name cut at a NUL.
          originalName: withControlCharactersReplaced(path.basename(file.originalname)),
          size: file.size,
          fields: { ...(req.body as Record<string, unknown> | undefined) },
          ...(arrivalOf(file) ? { arrival: arrivalOf(file)! } : {}),
        });
      });
    });
  };
}

const tooLarge = (maxMb: number) =>
  new UploadRejectedError(413, 'FILE_TOO_LARGE', fileOverLimitMessage(uploadLimitWords(maxMb)));

/** Storage problems get a clear message instead of a 500: the disk is full, or the data folder is not writable. */
export function storageError(err: unknown): UploadRejectedError | null {
  const code = errorCode(err);
  if (isDiskFull(code)) {
    return new UploadRejectedError(
      507,
      'STORAGE_FULL',
      'The server has no disk space left for this upload. Please try again later.',
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'ENOENT') {
    return new UploadRejectedError(
      503,
      'STORAGE_UNAVAILABLE',
      'The server cannot store uploads right now (its data folder is not writable).',
    );
  }
  return null;
}

function translate(err: unknown, maxMb: number): Error {
  const storage = storageError(err);
  if (storage) return storage;
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') {
      return tooLarge(maxMb);
    }
    // A file in another field, or a second file: either way not the one model the route takes.
    if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
      return new UploadRejectedError(
        400,
        'UNEXPECTED_FIELD',
        "Send exactly one model in the multipart field 'ifcFile'.",
      );
    }
    return new UploadRejectedError(400, 'BAD_UPLOAD', `Upload rejected: ${err.message}`);
  }
  if (err instanceof UploadRejectedError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/Unexpected end of form|Request aborted|aborted/i.test(message)) {
    return new UploadRejectedError(
      400,
      'UPLOAD_INCOMPLETE',
      'The upload did not complete. Please try again.',
    );
  }
  if (/Multipart: Boundary not found|Malformed part header|Unexpected end/i.test(message)) {
    return new UploadRejectedError(400, 'BAD_UPLOAD', 'The request is not a valid multipart upload.');
  }
  return err as Error;
}
