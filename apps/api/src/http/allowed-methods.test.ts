import express from 'express';
import { allowedMethods } from './allowed-methods';

/** An app shaped like ours: routes on the app, routers mounted under prefixes, middleware without routes. */
function app() {
  const a = express();
  a.use((_req, _res, next) => next());
  a.get('/health', (_req, res) => res.end());
  const items = express.Router();
  items.get('/', (_req, res) => res.end());
  items.post('/', (_req, res) => res.end());
  items.delete('/:id', (_req, res) => res.end());
  items.patch('/:id', (_req, res) => res.end());
  a.use('/api/items', items);
  return (a as unknown as { router: { stack: Parameters<typeof allowedMethods>[0] } }).router.stack;
}

describe('allowedMethods', () => {
  it.each([
    ['/health', ['GET', 'HEAD']],
    ['/api/items', ['GET', 'HEAD', 'POST']],
    ['/api/items/42', ['DELETE', 'PATCH']],
    ['/api/items/caf%C3%A9', ['DELETE', 'PATCH']],
    ['/api/nothing', []],
    ['/api/items/42/deeper', []],
  ])('%s answers %j', (path, methods) => {
    expect(allowedMethods(app(), path)).toEqual(methods);
  });

  it('asks only the layers before the answering handler: a later catch-all GET (the page saying the web app is not built) never sees the request', () => {
    const a = express();
    const notFound: express.RequestHandler = (_req, res) => res.status(404).end();
    const items = express.Router();
    items.post('/', (_req, res) => res.end());
    a.use('/api/items', items);
    a.use('/api', notFound);
    a.get(/.*/, (_req, res) => res.end());
    a.use(notFound);
    const stack = (a as unknown as { router: { stack: Parameters<typeof allowedMethods>[0] } }).router.stack;
    expect(allowedMethods(stack, '/api/nothing', notFound)).toEqual([]);
    expect(allowedMethods(stack, '/api/items', notFound)).toEqual(['POST']);
    // Past the /api handler, at the app's last one, the catch-all is before it.
    expect(allowedMethods(stack, '/page', notFound)).toEqual(['GET', 'HEAD']);
  });

  it('takes a parameter it cannot decode (a malformed %-escape) for no match instead of throwing', () => {
    expect(allowedMethods(app(), '/api/items/%E0%A4%A')).toEqual([]);
  });
});
