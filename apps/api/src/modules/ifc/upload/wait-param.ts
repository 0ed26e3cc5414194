import type { Request, RequestHandler } from 'express';
import { UploadRejectedError } from '../../../errors/app-error';
import { releaseReceived, type UploadReceiver } from './receive-upload';

/** `?wait=` on an upload: true or 1 answers once the job has ended; false, 0, empty or absent answers at once. */
const WAIT_VALUES = new Map<string, boolean>([
  ['', false],
  ['false', false],
  ['0', false],
  ['true', true],
  ['1', true],
]);

export const BAD_WAIT_MESSAGE = "The 'wait' parameter must be true or false (or left out).";

/** Whether the upload's answer waits for its job; any other value (`wait=yes`, a repeated `wait`) is refused. */
export function waitRequested(req: Request): boolean {
  const wait = WAIT_VALUES.get(String(req.query.wait ?? '').toLowerCase());
  if (wait === undefined) throw new UploadRejectedError(400, 'BAD_WAIT', BAD_WAIT_MESSAGE);
  return wait;
}

/**
 * Refuses an upload whose `?wait=` is neither true nor false before anything is stored or queued. Its body is read to
 * the end and dropped, as a denied upload's is, so the client reads the answer rather than a reset connection.
 */
export function refuseBadWait(receiveUpload: UploadReceiver): RequestHandler {
  return async (req, res, next) => {
    try {
      waitRequested(req);
    } catch (err) {
      const file = await receiveUpload(req, res).catch(() => null);
      if (file) await releaseReceived(file);
      return next(err);
    }
    next();
  };
}
