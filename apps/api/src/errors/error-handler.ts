import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorResponse } from '@aec/contracts';
import { ZodError } from 'zod';
import { asAppError } from './app-error';
import { allowedMethods, type RouterLayer } from '../http/allowed-methods';

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

/** Maps ZodError → 400, AppError (and an undecodable URL, see asAppError) → its status, body-parser errors → their status, anything else → 500 (a bug). */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after response started');
    res.destroy();
    return;
  }
  if (err instanceof ZodError) {
    res.status(400).json(fromZod(err));
    return;
  }
  const appError = asAppError(err);
  if (appError) {
    res
      .set(appError.headers)
      .status(appError.status)
      .json({ ...appError.body, error: appError.message, code: appError.code } satisfies ErrorResponse);
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError.type === 'entity.too.large') {
    res
      .status(413)
      .json({ error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' } satisfies ErrorResponse);
    return;
  }
  if (parserError.type === 'entity.parse.failed') {
    res.status(400).json({ error: 'Malformed JSON body', code: 'MALFORMED_JSON' } satisfies ErrorResponse);
    return;
  }
  if (parserError.expose && parserError.status && parserError.status < 500) {
    res
      .status(parserError.status)
      .json({ error: parserError.message, code: 'BAD_REQUEST' } satisfies ErrorResponse);
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ error: 'Internal server error', code: 'INTERNAL' } satisfies ErrorResponse);
};

export const apiNotFound: RequestHandler = (req, res) => {
  const path = req.originalUrl.split('?')[0] ?? '/';
  const stack = (req.app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack;
  const allowed = stack ? allowedMethods(stack, path, apiNotFound) : [];
  if (allowed.length) {
    res
      .status(405)
      .set('Allow', allowed.join(', '))
      .json({
        error: `${req.method} is not allowed on ${path}; it answers ${allowed.join(', ')}`,
        code: 'METHOD_NOT_ALLOWED',
      } satisfies ErrorResponse);
    return;
  }
  res
    .status(404)
    .json({ error: `No route for ${req.method} ${path}`, code: 'ROUTE_NOT_FOUND' } satisfies ErrorResponse);
};
