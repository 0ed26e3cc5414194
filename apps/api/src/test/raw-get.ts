import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the bytes on the wire, not decoded */
  body: Buffer;
}

/** A request whose body is not decoded (supertest would gunzip and un-brotli it), so a test sees what was sent. */
export function rawRequest(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** Listens on an ephemeral port of 127.0.0.1; resolves with the base URL and a close function. */
export async function listen(app: Express): Promise<{ base: string; close: () => Promise<void> }> {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
