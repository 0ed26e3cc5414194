import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `Expect: 100-continue` (curl sends it with large bodies, so do many HTTP libraries): node answers "100 Continue"
 * at once by default, so a client about to be refused — an upload over the limit (413), one that would not fit on
 * the disk (507), a missing sign-in (401) — is told to go ahead and starts sending its body (curl sent 2.75 MB of a
 * 300 MB file before it read the 413 and stopped; a client that looks for the answer later sends more). Here the
 * interim answer goes out only once a handler starts reading the body; a handler that answers without reading it
 * sends none, and the client never sends the body. Such a connection is closed after its answer (the client may
 * still hold an unsent body, so it cannot carry another request).
 */
export function deferContinue(server: Server, handler: Handler): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Connection', 'close');
    let asked = false;
    const onListener = (event: string | symbol) => {
      if (asked || (event !== 'data' && event !== 'readable')) return;
      asked = true;
      req.off('newListener', onListener);
      if (!res.headersSent) res.writeContinue();
    };
    req.on('newListener', onListener);
    handler(req, res);
  });
}
