import { Router, type RequestHandler } from 'express';
import { createFeedTokenRequestSchema, type FeedTokenList } from '@aec/contracts';
import { currentUser } from '../auth/require-auth';
import type { FeedTokensService } from './feed-tokens.service';

/** /api/feed-tokens: create (secret shown once), list without secrets, revoke at once. */
export function feedTokensRouter(tokens: FeedTokensService, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  router.post('/', async (req, res) => {
    const { name } = createFeedTokenRequestSchema.parse(req.body ?? {});
    res.status(201).json(await tokens.create(currentUser(req), name));
  });
  router.get('/', async (req, res) => {
    res.json({ tokens: await tokens.list(currentUser(req)) } satisfies FeedTokenList);
  });
  router.delete('/:id', async (req, res) => {
    await tokens.revoke(currentUser(req), String(req.params.id));
    res.json({ success: true, message: 'Feed token revoked' });
  });
  return router;
}
