import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

/**
 * The API reads request bodies as JSON (uploads as multipart/form-data). A body of any other type was silently not
 * read, so `PATCH … {"retention":3}` sent as text/plain got "expected number, received undefined": the body is
 * refused instead with 415 and what to send. Requests without a body (Content-Length 0, or none) pass whatever
 * their Content-Type says.
 */
export const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is(['application/json', 'application/*+json', 'multipart/form-data'])) return next();
  next(
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `The request body must be JSON (Content-Type: application/json), or multipart/form-data for a file upload; it was ${req.headers['content-type'] ?? 'sent without a Content-Type'}`,
    ),
  );
};
