import { Router, type RequestHandler } from 'express';
import type { PlatformStats, UserStats } from '@aec/contracts';
import { currentUser } from '../auth/require-auth';
import type { StatsService } from './stats.service';

/** GET /api/stats/platform (real platform totals) and GET /api/stats/me (the caller's own figures). */
export function statsRouter(stats: StatsService, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  router.get('/platform', async (_req, res) => {
    res.json((await stats.platform()) satisfies PlatformStats);
  });
  router.get('/me', async (req, res) => {
    res.json((await stats.forUser(currentUser(req))) satisfies UserStats);
  });
  return router;
}
