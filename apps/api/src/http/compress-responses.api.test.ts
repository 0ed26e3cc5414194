import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { type EntityModel, type EntityType, writeEntityCollection } from '@aec/odata';
import { describeEachStore } from '../test/store-fixtures';
import { openFeedHarness, type FeedHarness } from '../test/feed-harness';
import { listen, rawRequest } from '../test/raw-get';
import { POWER_QUERY_HEADERS } from '../test/bi-clients';
import { compressResponses } from './compress-responses';

describeEachStore('HTTP compression of API and OData responses', (target) => {
  let f: FeedHarness;
  let basic: string;

  beforeAll(async () => {
    f = await openFeedHarness(target);
    const created = await request(f.h.app)
      .post('/api/feed-tokens')
      .set('Authorization', `Bearer ${f.token}`)
      .send({ name: 'Power BI' })
      .expect(201);
    const me = await request(f.h.app)
      .get('/mongo/user/me')
      .set('Authorization', `Bearer ${f.token}`)
      .expect(200);
    basic = `Basic ${Buffer.from(`${me.body.user.username}:${created.body.token}`).toString('base64')}`;
  }, 120_000);
  afterAll(() => f.stop());

  const url = (path: string) => `${f.h.baseUrl}/api/ifc/odata/projects/${f.projectId}/${path}`;

  it("answers Power Query's request with a gzip body that decodes to the same page", async () => {
    const plain = await rawRequest(url('IFCElements'), {
      ...POWER_QUERY_HEADERS,
      'Accept-Encoding': 'identity',
      Authorization: basic,
    });
    const gz = await rawRequest(url('IFCElements'), { ...POWER_QUERY_HEADERS, Authorization: basic });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gz.headers['content-type']).toBe(plain.headers['content-type']);
    expect(gz.headers['odata-version']).toBe('4.0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decoded = zlib.gunzipSync(gz.body);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(gz.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('compresses $metadata (brotli for a client that only takes brotli) and CSV exports, not tiny bodies', async () => {
    const metadata = await rawRequest(url('$metadata'), { 'Accept-Encoding': 'br', Authorization: basic });
    expect(metadata.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(metadata.body).toString('utf8')).toMatch(/^<\?xml/);
    const csv = await rawRequest(`${f.h.baseUrl}/api/ifc/projects/${f.projectId}/elements.csv`, {
      'Accept-Encoding': 'deflate, gzip',
      Authorization: `Bearer ${f.token}`,
    });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(csv.body).toString('utf8')).toMatch(/^\uFEFF.*GlobalId/);
    const health = await rawRequest(`${f.h.baseUrl}/health`, { 'Accept-Encoding': 'gzip' });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends nothing compressed to a client that does not ask, or refuses gzip', async () => {
    for (const encoding of [undefined, 'gzip;q=0', 'identity']) {
      const res = await rawRequest(url('IFCElements'), {
        Authorization: basic,
        ...(encoding ? { 'Accept-Encoding': encoding } : {}),
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString('utf8')).value.length).toBeGreaterThan(0);
    }
  });
});

describe('compressResponses with a streaming writer', () => {
  const ROWS = 60_000;
  const rowType: EntityType = {
    name: 'Row',
    key: ['Id'],
    properties: [
      { name: 'Id', type: 'Edm.Int32', nullable: false },
      { name: 'Name', type: 'Edm.String', nullable: false },
    ],
    navigation: [],
  };
  const model: EntityModel = {
    namespace: 'Test',
    containerName: 'Container',
    entityTypes: [rowType],
    entitySets: [{ name: 'Rows', entityType: 'Row' }],
  };
  let produced = 0;
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get('/rows', async (_req, res) => {
      res.type('application/json');
      function* rows() {
        for (let i = 0; i < ROWS; i++) {
          produced++;
          // random text hardly compresses: 60k rows are ~9 MB of gzip, more than socket buffers hold
          yield { Id: i, Name: randomBytes(150).toString('base64') };
        }
      }
      await writeEntityCollection(res, rows(), {
        model,
        entityType: rowType,
        serviceRoot: '/',
        entitySet: 'Rows',
      });
      res.end();
    });
    app.post('/login', (_req, res) => {
      res.json({ token: 'x'.repeat(4000) });
    });
    app.get('/events', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${'x'.repeat(2000)}\n\n`);
      res.end();
    });
    ({ base, close } = await listen(app));
  });
  afterAll(() => close());

  it('stops producing rows while the client does not read, and delivers all of them when it does', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/rows`, { headers: { 'Accept-Encoding': 'gzip' } }, resolve),
    );
    expect(res.headers['content-encoding']).toBe('gzip');
    res.pause();
    // wait until production stalls: the encoder and the socket are full and the writer waits for 'drain'
    let last = -1;
    while (produced !== last) {
      last = produced;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(produced).toBeLessThan(ROWS);
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(res)) chunks.push(chunk as Buffer);
    const body = JSON.parse(zlib.gunzipSync(Buffer.concat(chunks)).toString('utf8'));
    expect(body.value).toHaveLength(ROWS);
    expect(produced).toBe(ROWS);
  });

  it('never compresses an answer to POST, where secrets are handed out', async () => {
    const res = await rawRequest(`${base}/login`, { 'Accept-Encoding': 'gzip, br' }, 'POST');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8')).token).toHaveLength(4000);
  });

  it('leaves Server-Sent Events uncompressed', async () => {
    const res = await rawRequest(`${base}/events`, { 'Accept-Encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toMatch(/^data: x+/);
  });
});
