import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ErrorResponse } from '@aec/contracts';
import { ZodError } from 'zod';
import { asAppError } from './app-error';
import { allowedMethods } from '../http/allowed-methods';
import { isFeedRequest, ODATA_VERSION, odataErrorBody, routeStackOf } from '../http/feed-requests';

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

function fromZod(err: ZodError): ErrorResponse {
  const fieldOf = (issue: ZodError['issues'][number]) => issue.path.join('.') || '(body)';
  // A value of the wrong type gets that one message: zod still runs a length rule on an array given for a string.
  const wrongType = new Set(err.issues.filter((i) => i.code === 'invalid_type').map(fieldOf));
  // The body itself of the wrong kind (an array: express.json refuses a bare number or null as malformed before this):
  // say what to send, not the validator's wording.
  const messageOf = (i: ZodError['issues'][number]) =>
    i.path.length === 0 && i.code === 'invalid_type' ? 'The request body must be a JSON object' : i.message;
  const details = err.issues
    .filter((i) => i.code === 'invalid_type' || !wrongType.has(fieldOf(i)))
    .map((i) => ({ field: fieldOf(i), message: messageOf(i) }));
  return { error: details.map((d) => d.message).join('; '), code: 'VALIDATION_ERROR', details };
}

const pathOf = (req: Request) => req.originalUrl.split('?')[0] ?? '/';

/**
 * Sends one error answer in the form of the routes the request is for: REST `{ error, code }` (what the spec's
 * client reads), or under the OData feed `{ error: { code, message } }` with OData-Version (feed-requests.ts).
 */
function sendError(req: Request, res: Response, status: number, body: ErrorResponse): void {
  res.status(status);
  if (isFeedRequest(req.method, pathOf(req), routeStackOf(req.app))) {
    res.set('OData-Version', ODATA_VERSION).json(odataErrorBody(body.code, body.error));
    return;
  }
  res.json(body);
}

/** Maps ZodError → 400, AppError (and an undecodable URL, see asAppError) → its status, body-parser errors → their status, anything else → 500 (a bug). */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after response started');
    res.destroy();
    return;
  }
  if (err instanceof ZodError) {
    sendError(req, res, 400, fromZod(err));
    return;
  }
  const appError = asAppError(err);
  if (appError) {
    res.set(appError.headers);
    sendError(req, res, appError.status, { ...appError.body, error: appError.message, code: appError.code });
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError.type === 'entity.too.large') {
    sendError(req, res, 413, { error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    return;
  }
  if (parserError.type === 'entity.parse.failed') {
    sendError(req, res, 400, { error: 'Malformed JSON body', code: 'MALFORMED_JSON' });
    return;
  }
  if (parserError.expose && parserError.status && parserError.status < 500) {
    sendError(req, res, parserError.status, { error: parserError.message, code: 'BAD_REQUEST' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  sendError(req, res, 500, { error: 'Internal server error', code: 'INTERNAL' });
};

export const apiNotFound: RequestHandler = (req, res) => {
  const path = pathOf(req);
  const stack = routeStackOf(req.app);
  const allowed = stack ? allowedMethods(stack, path, apiNotFound) : [];
  if (allowed.length) {
    res.set('Allow', allowed.join(', '));
    sendError(req, res, 405, {
      error: `${req.method} is not allowed on ${path}; it answers ${allowed.join(', ')}`,
      code: 'METHOD_NOT_ALLOWED',
    });
    return;
  }
  sendError(req, res, 404, { error: `No route for ${req.method} ${path}`, code: 'ROUTE_NOT_FOUND' });
};
