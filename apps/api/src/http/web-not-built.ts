import express, { type Router } from 'express';
import { isApiPath } from './static-web';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web app not built – AEC Con-Tech Data Tools</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:0 .25rem}</style>
</head><body>
<h1>The web app is not built</h1>
<p>This server runs the API and the OData feed, but it found no built web app to show here.</p>
<p>Run <code>pnpm build</code> (or <code>pnpm start</code>, which builds it) in the project folder, or point
<code>WEB_DIST_DIR</code> at a folder that holds the built <code>index.html</code>, then restart the server.</p>
</body></html>
`;

/** Without a web build, pages answer 503 with a page that says so and how to fix it, instead of a JSON 404. */
export function webNotBuilt(): Router {
  const router = express.Router();
  router.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path) || !req.accepts('html')) return next();
    res.status(503).type('html').set('Cache-Control', 'no-store').send(PAGE);
  });
  return router;
}
