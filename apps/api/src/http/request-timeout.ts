/**
 * How long the server waits to receive a whole request, body included (Node's `server.requestTimeout`). Node's
 * default, 5 minutes, cut off every upload slower than its size over 300 s: a 2.5 GB model needed 8.5 MB/s, more
 * than many site offices send. The limit therefore follows the largest upload allowed (MAX_UPLOAD_MB) at the slowest
 * rate the server waits for, and never falls below Node's 5 minutes; a client that sends nothing at all is still
 * dropped after that time, and headers must still arrive within Node's headersTimeout (60 s).
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 256 * 1024;
export const MIN_REQUEST_TIMEOUT_MS = 300_000;

export function requestTimeoutMs(maxUploadBytes: number): number {
  return Math.max(MIN_REQUEST_TIMEOUT_MS, Math.ceil(maxUploadBytes / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000);
}
