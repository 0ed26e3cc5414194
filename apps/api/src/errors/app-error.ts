import { OwnerGoneError } from '../store/types';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_SECONDS,
  STORE_UNAVAILABLE_MESSAGE,
} from './store-unavailable';

/** The one error base: modules throw these and the error handler maps them to a status and body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields for the JSON body, e.g. the upload's `success: false` and `message`. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message);
  }
}

/** A path segment whose percent-escapes do not decode (`%`, `%zz`, broken UTF-8): the client's URL is wrong. */
export class MalformedUrlError extends AppError {
  constructor() {
    super(400, 'MALFORMED_URL', 'The URL path has invalid percent-encoding');
  }
}

/**
 * The one mapping of errors that are not AppErrors but have a meaning for the client: a failed percent-decode is a
 * client error (Express's router throws a URIError, status 400, when it decodes a route parameter, and our own path
 * parsing throws the same from decodeURIComponent); a database that cannot serve the request now (store-unavailable.ts)
 * is 503 with Retry-After; a record written for an account deleted while the request ran (OwnerGoneError) is the 401 of
 * a revoked session.
 */
export function asAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof URIError) return new MalformedUrlError();
  if (isStoreUnavailable(err)) return new StoreUnavailableError();
  // The account was deleted while the request ran: its session is no longer valid, as the next request would hear.
  if (err instanceof OwnerGoneError)
    return new UnauthorizedError('Token is no longer valid', 'REVOKED_TOKEN');
  return undefined;
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', message, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}

/** The database cannot serve the request now (busy, unreachable, electing a primary): the client may retry it. */
export class StoreUnavailableError extends AppError {
  constructor() {
    super(503, 'STORE_UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE, {
      'Retry-After': String(STORE_RETRY_AFTER_SECONDS),
    });
  }
}

/** An upload the server refuses: the body also carries the spec's upload-response fields. */
export class UploadRejectedError extends AppError {
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(status, code, message, {}, { success: false, message, ...extra });
  }
}
