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
    customLogLevel: (_req, res, err) =>
      res.statusCode === NOT_IMPLEMENTED
        ? 'warn'
        : err || res.statusCode >= 500
          ? 'error'
          : res.statusCode >= 400
            ? 'warn'
            : 'info',
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
