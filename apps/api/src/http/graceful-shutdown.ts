import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets in-flight requests finish (idle keep-alive sockets are closed at once), and
 * force-closes whatever remains after the timeout.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
