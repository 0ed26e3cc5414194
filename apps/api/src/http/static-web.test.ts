import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { blogPosts } from '../../../web/src/features/blog/content/posts';
import { listen, rawRequest } from '../test/raw-get';
import { compressResponses } from './compress-responses';
import { staticWeb } from './static-web';

const PRECOMPRESS = path.resolve(__dirname, '../../../web/scripts/precompress.mjs');

/** A built web app in miniature, pre-compressed by the web build's own step. */
function buildDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `export const routes = [${Array.from({ length: 400 }, (_, i) => `"/page-${i}"`).join(',')}];\n`;
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><body>${'<div>app</div>'.repeat(200)}</body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  execFileSync(process.execPath, [PRECOMPRESS, dir], { stdio: 'ignore' });
  return dir;
}

describe('static web app: pre-compressed assets', () => {
  let dist: string;
  let base: string;
  let close: () => Promise<void>;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(base + url, headers, method);
  const script = () => fs.readFileSync(path.join(dist, 'assets', 'index-abc123.js'));

  beforeAll(async () => {
    dist = buildDist();
    const app = express();
    app.use(compressResponses());
    const web = staticWeb(dist);
    if (!web) throw new Error('no web build');
    app.use(web);
    ({ base, close } = await listen(app));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the build step writes .br and .gz copies that decode to the file', () => {
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'index-abc123.js.br'))),
    ).toEqual(script());
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'index.html.gz')))).toEqual(
      fs.readFileSync(path.join(dist, 'index.html')),
    );
    expect(fs.existsSync(path.join(dist, 'favicon.png.br'))).toBe(false);
  });

  it('sends brotli to a browser (gzip listed first), gzip to Power Query, the file itself otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(script());

    const gz = await get(url, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(zlib.gunzipSync(gz.body)).toEqual(script());

    const plain = await get(url, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(script());
    expect(Number(plain.headers['content-length'])).toBe(script().length);

    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('answers a conditional request for the same encoding with 304', async () => {
    const url = '/assets/index-abc123.js';
    const first = await get(url, { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect((await get(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(304);
    expect((await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(200);
  });

  it('compresses index.html and the SPA fallback the same way', async () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'));
    for (const url of ['/', '/dashboard', '/app/settings']) {
      const res = await get(url, { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body)).toEqual(html);
    }
  });

  it("answers 404 with the app's page for paths no route of the app knows, 200 for its pages", async () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'));
    const status = async (url: string) => {
      const res = await get(url, {
        Accept: 'text/html,application/xhtml+xml',
        'Accept-Encoding': 'identity',
      });
      expect(res.body).toEqual(html);
      return res.status;
    };
    for (const url of [
      '/',
      '/features',
      '/Pricing/',
      `/blog/${blogPosts[0]!.slug}`,
      '/app/docs/quick-start',
      '/login',
    ])
      expect([url, await status(url)]).toEqual([url, 200]);
    for (const url of [
      '/no-such-page',
      '/blog/no-such-post',
      '/app/docs/nothing',
      '/app/nope',
      '/wp-login.php',
    ])
      expect([url, await status(url)]).toEqual([url, 404]);
  });

  it('serves files with no compressed copy as they are, and HEAD without a body', async () => {
    const png = await get('/favicon.png', { 'Accept-Encoding': 'gzip, br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body).toEqual(fs.readFileSync(path.join(dist, 'favicon.png')));
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(
      fs.statSync(path.join(dist, 'assets', 'index-abc123.js.br')).size,
    );
  });
});
