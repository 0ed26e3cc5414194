import { Router } from 'express';
import { newsletterRequestSchema, type NewsletterResponse } from '@aec/contracts';
import type { Store } from '../../store/types';

/** POST /api/newsletter: stores the address once; 201 when new, 200 when already subscribed. */
export function newsletterRouter(store: Store): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const { email } = newsletterRequestSchema.parse(req.body ?? {});
    const outcome = await store.newsletter.subscribe(email);
    res.status(outcome === 'created' ? 201 : 200).json({
      message: outcome === 'created' ? 'Subscribed' : 'Already subscribed',
    } satisfies NewsletterResponse);
  });
  return router;
}
