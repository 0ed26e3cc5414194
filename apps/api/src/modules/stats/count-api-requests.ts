import type { RequestHandler } from 'express';
import type { UsageCounter } from './usage-counter';

/** Counts every finished API request (the platform's "API requests" figure). */
export function countApiRequests(usage: UsageCounter): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => usage.count('api', null));
    next();
  };
}
