import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
// the web app's own list of page paths, bundled into the server when it is built (one source for both)
import { isPagePath } from '../../../web/src/app/page-paths';
import { chooseCoding } from './content-coding';
import { type StaticAsset, indexStaticAssets } from './static-assets';

const API_PREFIXES = ['/api', '/mongo', '/health'];

/** Paths of the API, never pages of the web app. */
export function isApiPath(p: string): boolean {
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}
const ASSETS = '/assets/';

/**
 * Sends one built file, pre-compressed when the client accepts it, with the Content-Length and ETag of the bytes
 * actually sent, `Vary: Accept-Encoding`, and 304 for a matching conditional request.
 */
function sendAsset(req: Request, res: Response, asset: StaticAsset, cacheControl: string): void {
  // brotli first (smaller), then gzip, among the copies the build left
  const coding = chooseCoding(
    req.headers['accept-encoding'],
    (['br', 'gzip'] as const).filter((c) => asset.variants[c]),
  );
  const sent = asset.variants[coding] ?? asset.variants.identity;
  res.type(asset.ext);
  if (asset.variants.br || asset.variants.gzip) res.vary('Accept-Encoding');
  if (coding !== 'identity') res.set('Content-Encoding', coding);
  res.set({
    'Cache-Control': cacheControl,
    ETag: sent.etag,
    'Last-Modified': asset.mtime.toUTCString(),
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.set('Content-Length', String(sent.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = fs.createReadStream(sent.file);
  stream.on('error', (err) => res.destroy(err));
  stream.pipe(res);
}

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API path and accepts HTML gets
 * index.html, so client routes such as /dashboard work on reload; 200 for the app's pages, 404 for other paths. Every text file goes out brotli- or
 * gzip-compressed as the build left it (no compression per request). Returns null when there is no build.
 */
export function staticWeb(distDir: string): Router | null {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return null;
  const assets = indexStaticAssets(distDir);
  const index = assets.get('/index.html');
  if (!index) return null;
  const router = express.Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asset = req.path === '/index.html' ? undefined : assets.get(req.path);
    if (asset) {
      const immutable = req.path.startsWith(ASSETS);
      return sendAsset(
        req,
        res,
        asset,
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    }
    // a missing hashed asset is a 404, never the HTML page in place of a script
    if (req.path.startsWith(ASSETS)) return next();
    if (isApiPath(req.path)) return next();
    if (!req.accepts('html')) return next();
    // a path no route of the app knows is a 404 (no soft 404 for crawlers and link checkers); the page is the same
    // index.html, whose router then shows its not-found page
    if (!isPagePath(req.path)) res.status(404);
    sendAsset(req, res, index, 'no-cache');
  });
  return router;
}
