import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

const API_PREFIXES = ['/api', '/mongo', '/health'];

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API path and accepts HTML gets
 * index.html, so client routes such as /dashboard work on reload. Returns null when there is no build.
 */
export function staticWeb(distDir: string): Router | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    if (!req.accepts('html')) return next();
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
