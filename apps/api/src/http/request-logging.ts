import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const SAFE_ID = /^[\w.:-]{1,128}$/;

/**
 * 501 Not Implemented answers a request for something the feed does not do ($apply, $search, an XML format, a
 * multi-segment $expand): the client's choice, not a fault of the server. pino-http logs any status from 500 up as
 * an error with a made-up stack ("failed with status code 501"), which would page an operator for every such query.
 */
const NOT_IMPLEMENTED = 501;

/** A refused request (4xx, or a 501) is a warning; a failure of the server an error. */
function logLevelOf(status: number, err: unknown): 'info' | 'warn' | 'error' {
  if (status === NOT_IMPLEMENTED) return 'warn';
  if (err || status >= 500) return 'error';
  return status >= 400 ? 'warn' : 'info';
}

/** A request id (the caller's X-Request-Id when sane, else a fresh UUID) on every log line and response. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => logLevelOf(res.statusCode, err),
    // Without the made-up error for a 501: its line reads like any other refused request's.
    customErrorObject: (_req, res, _err, value: Record<string, unknown>) => {
      if (res.statusCode !== NOT_IMPLEMENTED) return value;
      const { err: _made, ...rest } = value;
      return rest;
    },
    customErrorMessage: (_req, res) =>
      res.statusCode === NOT_IMPLEMENTED ? 'request not supported' : 'request errored',
    autoLogging: { ignore: (req) => req.url === '/health' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
