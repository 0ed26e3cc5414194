import http, {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse } from '@aec/contracts';
import { isFeedRequest, ODATA_VERSION, odataErrorBody, routeStackOf } from './feed-requests';

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

/** How much of a request's first bytes is kept: its method and enough of its path to tell whose it is. */
const REQUEST_START_BYTES = 512;

/** What a connection is at: the first bytes of the request it is reading, and the response it is writing. */
interface ConnectionState {
  start: string;
  response: ServerResponse | undefined;
}

/**
 * Follows each connection, so that a request node cannot parse is answered in the form of the routes it was for
 * (feed-requests.ts), and answered at all on a connection that served others before (keep-alive, as BI tools page):
 * node stops at the error with no request object, and the error's own bytes (`rawPacket`) are only the chunk it
 * failed in, past the start of a long URL. Listening to the socket's data makes node hand it the bytes through
 * JavaScript rather than natively: one call per chunk read.
 */
function trackConnections(server: Server): WeakMap<Socket, ConnectionState> {
  const states = new WeakMap<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    const state: ConnectionState = { start: '', response: undefined };
    states.set(socket, state);
    socket.on('data', (chunk: Buffer) => {
      if (state.start.length < REQUEST_START_BYTES)
        state.start += chunk.toString('latin1', 0, REQUEST_START_BYTES - state.start.length);
    });
  });
  // The connection's next request begins once this one is answered (clients do not pipeline).
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = states.get(req.socket);
    if (!state) return;
    state.response = res;
    res.once('finish', () => {
      state.start = '';
      state.response = undefined;
    });
  });
  return states;
}

/** Method and path (no query) at the start of a request line: `GET /api/ifc/odata/…?… HTTP/1.1`, absolute-form too. */
function methodAndPath(start: string): { method: string; path: string } | undefined {
  const m = /^([A-Z]+) (?:[a-z][a-z0-9+.-]*:\/\/[^/?# ]*)?(\/[^?# \r\n]*)/i.exec(start);
  return m ? { method: m[1]!.toUpperCase(), path: m[2]! } : undefined;
}

/**
 * Answers a request node could not parse (too large a head, a malformed request line, a head sent too slowly) with
 * the status node would send, and a JSON body in the API's error model saying what was wrong (the OData one, with
 * OData-Version, for a feed request); node's own answer has no body. A socket already closed or partly answered is
 * only closed.
 */
function answerClientErrors(server: Server, app: RequestListener): void {
  const states = trackConnections(server);
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    const state = states.get(socket);
    // As node does: a socket can still carry an answer unless one is being written on it. (Once the responses
    // before are finished, a keep-alive connection can: its bytes written are theirs.)
    const answering = state ? state.response?.headersSent === true : socket.bytesWritten > 0;
    if (err.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const [status, body] = clientErrorAnswer(err.code);
    // Nothing seen yet of this request: the chunk node failed in is its start.
    const start = state?.start || (err.rawPacket?.toString('latin1', 0, REQUEST_START_BYTES) ?? '');
    const request = methodAndPath(start);
    const feed = request !== undefined && isFeedRequest(request.method, request.path, routeStackOf(app));
    const json = JSON.stringify(feed ? odataErrorBody(body.code, body.error) : body);
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        (feed ? `OData-Version: ${ODATA_VERSION}\r\n` : '') +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}

/** The API's HTTP server: the request head limit above, and readable answers to what node cannot parse. */
export function createHttpServer(app: RequestListener): Server {
  const server = http.createServer({ maxHeaderSize: REQUEST_HEAD_LIMIT_BYTES }, app);
  answerClientErrors(server, app);
  return server;
}
