import http, { type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse } from '@aec/contracts';

/**
 * The largest request line and headers together. Node's default (16 KB) refused a filter on a few hundred values
 * (an or-chain, `Name eq 'a' or Name eq 'b' …`: 700 four-character names make an 18 KB URL) with a bare 431 the
 * user could not read. The feed parses a 64 KB filter in well under 0.2 s, so 64 KB it is: four times the memory
 * node may hold per connection while it reads a head.
 */
export const REQUEST_HEAD_LIMIT_BYTES = 64 * 1024;

/** What node could not read as an HTTP request, as the API's error model: status and body. */
function clientErrorAnswer(code: string | undefined): [number, ErrorResponse] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [
      431,
      {
        error: `The request's URL and headers together are larger than ${REQUEST_HEAD_LIMIT_BYTES / 1024} KB. A long $filter (a list of many values) can be split into several requests, or filter on fewer values.`,
        code: 'REQUEST_HEAD_TOO_LARGE',
      },
    ];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return [
      413,
      { error: 'A chunk of the request body carries too many extensions', code: 'PAYLOAD_TOO_LARGE' },
    ];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, { error: 'The request was not received in time', code: 'REQUEST_TIMEOUT' }];
  return [400, { error: 'Malformed HTTP request', code: 'MALFORMED_REQUEST' }];
}

/**
 * Answers a request node could not parse (too large a head, a malformed request line, a head sent too slowly) with
 * the status node would send, and a JSON body in the API's error model saying what was wrong; node's own answer has
 * no body. A socket already closed or partly answered is only closed.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // as node does: only a socket nothing was written to yet can still carry an answer
    if (err.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const [status, body] = clientErrorAnswer(err.code);
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}

/** The API's HTTP server: the request head limit above, and readable answers to what node cannot parse. */
export function createHttpServer(app: RequestListener): Server {
  const server = http.createServer({ maxHeaderSize: REQUEST_HEAD_LIMIT_BYTES }, app);
  answerClientErrors(server);
  return server;
}
