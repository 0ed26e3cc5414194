import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { UploadRejectedError } from '../../../errors/app-error';

export interface ReceivedFile {
  path: string;
  originalName: string;
  size: number;
  /** The multipart text fields sent with it (e.g. a new model's `name`), unvalidated. */
  fields: Record<string, unknown>;
}

const IFC_EXTENSION = /\.ifc$/i;

/**
 * Streams the multipart field `ifcFile` to a temp file in DATA_DIR/uploads (never the whole file in memory) and
 * removes it on every failure path, including a client that disconnects mid-upload.
 */
export function createUploadReceiver(options: { uploadDir: string; maxBytes: number; maxMb: number }) {
  fs.mkdirSync(options.uploadDir, { recursive: true });
  const handler = multer({
    storage: multer.diskStorage({
      destination: options.uploadDir,
      filename: (_req, _file, cb) => cb(null, `${randomUUID()}.part`),
    }),
    limits: { fileSize: options.maxBytes, files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 },
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

  return (req: Request, res: Response): Promise<ReceivedFile> =>
    new Promise((resolve, reject) => {
      handler(req, res, (err: unknown) => {
        const file = req.file;
        if (err) {
          if (file?.path) fs.rm(file.path, { force: true }, () => undefined);
          return reject(translate(err, options.maxMb));
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
          originalName: path.basename(file.originalname),
          size: file.size,
          fields: { ...(req.body as Record<string, unknown> | undefined) },
        });
      });
    });
}

/** Storage problems get a clear message instead of a 500: the disk is full, or the data folder is not writable. */
export function storageError(err: unknown): UploadRejectedError | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
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
      return new UploadRejectedError(413, 'FILE_TOO_LARGE', `The file is larger than the ${maxMb} MB limit.`);
    }
    if (err.code === 'LIMIT_UNEXPECTED_FILE') {
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
