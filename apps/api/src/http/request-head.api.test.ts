import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { describeEachStore } from '../test/store-fixtures';
import { openIfcHarness, type IfcHarness } from '../test/ifc-harness';
import { elementRow } from '../test/row-fixtures';
import { publishedProject } from '../test/published-project';
import type { Store } from '../store/types';
import { REQUEST_HEAD_LIMIT_BYTES, createHttpServer } from './request-head';

/** Writes `head` on a fresh connection and reads the whole answer (the server closes the connection after it). */
async function rawExchange(
  port: number,
  head: string,
): Promise<{ status: number; headers: string; body: string }> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(head));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const [headers = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body };
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describeEachStore('the HTTP server: request heads', (target) => {
  let h: IfcHarness;
  let store: Store;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    server = createHttpServer(h.app);
    port = await listen(server);
  }, 120_000);
  afterAll(async () => {
    await close(server);
    await h.stop();
    await target.dispose(store);
  });

  it('serves a feed filter on 1,500 values (a ~38 KB URL, over node’s default 16 KB head)', async () => {
    const owner = await h.login('longfilter');
    const projectId = await publishedProject(store, owner.user.id, [
      elementRow(1, { Name: 'Wall 1' }),
      elementRow(2, { Name: 'Wall 2' }),
    ]);
    const names = Array.from({ length: 1500 }, (_, i) => `Name eq 'n${i}'`);
    names[1234] = `Name eq 'Wall 2'`;
    const url = `http://127.0.0.1:${port}/api/ifc/odata/projects/${projectId}/IFCElements/$count?$filter=${encodeURIComponent(names.join(' or '))}`;
    expect(url.length).toBeGreaterThan(36_000);
    expect(url.length).toBeLessThan(REQUEST_HEAD_LIMIT_BYTES - 1024);
    const res = await fetch(url, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(`${res.status} ${await res.text()}`).toBe('200 1');
  });

  const TOO_LARGE =
    "The request's URL and headers together are larger than 64 KB. A long $filter (a list of many values) can be split into several requests, or filter on fewer values.";

  it('answers a feed URL over the limit with 431 and an OData error saying what to do', async () => {
    for (const url of [
      `/api/ifc/odata/?$filter=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES)}`,
      `/api/ifc/odata/projects/p1/IFCElements?$filter=${'x'.repeat(4 * REQUEST_HEAD_LIMIT_BYTES)}`,
      `/API/IFC/OData/IFCElements/$count?$filter=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES - 100)}`,
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        headers: { 'X-Padding': 'p'.repeat(200) },
      });
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('odata-version')).toBe('4.0');
      expect(await res.json()).toEqual({ error: { code: 'REQUEST_HEAD_TOO_LARGE', message: TOO_LARGE } });
    }
  });

  it('answers any other head over the limit with 431 and the REST error', async () => {
    for (const url of [
      `/api/ifc/projects?x=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES)}`,
      `/api/ifc/odatax?x=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES)}`,
      `/health?x=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES)}`,
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('odata-version')).toBeNull();
      expect(await res.json()).toEqual({ error: TOO_LARGE, code: 'REQUEST_HEAD_TOO_LARGE' });
    }
    // The upload's POST lives under the feed's root but is a REST route.
    const upload = await fetch(`http://127.0.0.1:${port}/api/ifc/odata/upload`, {
      method: 'POST',
      headers: { 'X-Big': 'x'.repeat(REQUEST_HEAD_LIMIT_BYTES) },
    });
    expect([upload.status, upload.headers.get('odata-version')]).toEqual([431, null]);
    expect(await upload.json()).toEqual({ error: TOO_LARGE, code: 'REQUEST_HEAD_TOO_LARGE' });
  });

  /** Two requests on one connection, the second sent once the first is answered; the second answer. */
  async function afterAnother(first: string, second: string): Promise<string> {
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        const [head = '', body] = received.split('\r\n\r\n');
        const length = /Content-Length: (\d+)/i.exec(head)?.[1];
        if (
          !socket.writableEnded &&
          body !== undefined &&
          length &&
          Buffer.byteLength(body) >= Number(length)
        )
          socket.end(second);
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      socket.write(first);
    });
    return answers.slice(answers.lastIndexOf('HTTP/1.1 '));
  }

  it('answers a head over the limit on a connection that served others (keep-alive), in the form of its own path', async () => {
    const long = `?$filter=${'x'.repeat(REQUEST_HEAD_LIMIT_BYTES)}`;
    const rest = await afterAnother(
      'GET /api/ifc/odata/$metadata HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /api/ifc/projects${long} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(rest).toMatch(/^HTTP\/1\.1 431 /);
    expect(rest).not.toMatch(/OData-Version/i);
    expect(JSON.parse(rest.split('\r\n\r\n')[1]!)).toEqual({
      error: TOO_LARGE,
      code: 'REQUEST_HEAD_TOO_LARGE',
    });
    const feed = await afterAnother(
      'GET /health HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /api/ifc/odata/IFCElements${long} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(feed).toMatch(/^HTTP\/1\.1 431 [^]*\r\nOData-Version: 4\.0\r\n/);
    expect(JSON.parse(feed.split('\r\n\r\n')[1]!)).toEqual({
      error: { code: 'REQUEST_HEAD_TOO_LARGE', message: TOO_LARGE },
    });
  });

  it('answers a request node cannot parse with 400 and a JSON error', async () => {
    for (const head of ['GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', 'NOT HTTP AT ALL\r\n\r\n']) {
      const answer = await rawExchange(port, head);
      expect(answer.status).toBe(400);
      expect(answer.headers).toContain('Connection: close');
      expect(JSON.parse(answer.body)).toEqual({ error: 'Malformed HTTP request', code: 'MALFORMED_REQUEST' });
    }
  });
});
