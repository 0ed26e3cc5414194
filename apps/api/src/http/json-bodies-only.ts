import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error';
import { apiNotFound } from '../errors/error-handler';
import { allowedMethods } from './allowed-methods';
import { isFeedRequest, routeStackOf } from './feed-requests';

/**
 * The API reads request bodies as JSON (uploads as multipart/form-data). A body of any other type was silently not
 * read, so `PATCH … {"retention":3}` sent as text/plain got "expected number, received undefined": the body is
 * refused instead with 415 and what to send. Requests without a body (Content-Length 0, or none) pass whatever
 * their Content-Type says, and so do those whose body nothing reads: the OData feed's (it reads none), and requests
 * no route takes (by path and method), whose answer is the 404 or 405 saying so whatever the body (an OData
 * `$batch`, sent as multipart/mixed, gets the feed's 404, not a 415).
 */
export const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is(['application/json', 'application/*+json', 'multipart/form-data'])) return next();
  const stack = routeStackOf(req.app);
  const path = req.originalUrl.split('?')[0] ?? '/';
  if (isFeedRequest(req.method, path, stack)) return next();
  // As the not-found answer finds them: the web app's catch-all GET after it takes no /api path.
  if (stack && !allowedMethods(stack, path, apiNotFound).includes(req.method)) return next();
  next(
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `The request body must be JSON (Content-Type: application/json), or multipart/form-data for a file upload; it was ${req.headers['content-type'] ?? 'sent without a Content-Type'}`,
    ),
  );
};
