import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { AxiosError } from 'axios';
import { describeApiError, getErrorMessage } from './api-error';

/** A real HTTP server, so the errors under test are the ones axios really throws. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers: used for the timeout case
    if (req.url === '/locked') {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '900' });
      res.end(JSON.stringify({ error: 'Too many failed login attempts.', code: 'TOO_MANY_REQUESTS' }));
      return;
    }
    const [status, body] =
      req.url === '/with-text' ? [409, { error: 'Username already taken', code: 'CONFLICT' }] : [500, 'oops'];
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('request unexpectedly succeeded');
}

describe('describeApiError', () => {
  it('reads the seconds of a Retry-After header', async () => {
    const info = describeApiError(await failure(axios.get(`${base}/locked`)));
    expect(info).toMatchObject({ status: 429, retryAfterSeconds: 900 });
    expect(describeApiError(await failure(axios.get(`${base}/with-text`))).retryAfterSeconds).toBeUndefined();
  });

  it('prefers the server error text and keeps the status and the error code', async () => {
    const info = describeApiError(await failure(axios.get(`${base}/with-text`)));
    expect(info).toEqual({
      status: 409,
      serverText: 'Username already taken',
      serverCode: 'CONFLICT',
      message: 'Request failed with status code 409',
      network: false,
    });
  });

  it('falls back to the generic status message when the body has no error text', async () => {
    const error = await failure(axios.get(`${base}/plain`));
    expect(describeApiError(error).serverText).toBeNull();
    expect(getErrorMessage(error)).toBe('Request failed with status code 500');
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const info = describeApiError(await failure(axios.get(`http://127.0.0.1:${port}/`)));
    expect(info).toMatchObject({ status: null, message: 'Network Error', network: true });
  });

  it('names the timeout in milliseconds', async () => {
    const info = describeApiError(await failure(axios.get(`${base}/hang`, { timeout: 50 })));
    expect(info).toMatchObject({ message: 'timeout of 50 ms exceeded', network: true });
  });

  it('reports an aborted request', async () => {
    const controller = new AbortController();
    const pending = axios.get(`${base}/hang`, { signal: controller.signal });
    controller.abort();
    expect(getErrorMessage(await failure(pending))).toBe('Request aborted');
    expect(getErrorMessage(new AxiosError('Request aborted', 'ECONNABORTED'))).toBe('Request aborted');
  });

  it('passes through the message of a non-HTTP error', () => {
    expect(describeApiError(new Error('boom'))).toMatchObject({ message: 'boom', network: false });
    expect(getErrorMessage('weird')).toBe('Unknown error');
  });
});
