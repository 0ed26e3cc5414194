import type { mongo } from 'mongoose';
import { createExpiryIndex, expiredFilter } from '../../store/mongo/expiry-index';
import {
  ipKey,
  tooManyFailures,
  userKey,
  type LoginThrottleOptions,
  type LoginThrottling,
} from './login-throttle';

export const LOGIN_FAILURES = 'login_failures';

interface FailureDoc {
  /** userKey/ipKey: one document per failure and key. */
  key: string;
  at: Date;
  /** When the failure leaves the window: the TTL index removes it then (the window is checked on read too). */
  expiresAt: Date;
}

/**
 * The login throttle of instances sharing one MongoDB (issue 16): each failed login is a document per key in
 * `login_failures`, so failures spread over several API instances count together, and a success on one clears the
 * username's failures for all. Same window, limits, message and Retry-After as the in-memory LoginThrottle. The
 * TTL index is on a per-document expiry rather than on the failure time, so that changing LOGIN_WINDOW_SECONDS
 * between restarts never meets an index with other options; reads count only failures inside the window, whenever
 * the server removes expired ones.
 */
export function createMongoLoginThrottle(
  db: mongo.Db,
  options: Omit<LoginThrottleOptions, 'maxKeys'>,
): LoginThrottling {
  const failures = db.collection<FailureDoc>(LOGIN_FAILURES);
  const now = options.now ?? Date.now;
  let indexed: Promise<boolean> | undefined;
  // Created on first use, once per process; creating an existing index is a no-op, so instances may race on it.
  // Resolves whether the server expires documents itself (a TTL index).
  const ready = () =>
    (indexed ??= Promise.all([
      createExpiryIndex(failures, 'expiresAt', 'login_failures_expiry'),
      failures.createIndex({ key: 1, at: -1 }, { name: 'login_failures_key' }),
    ])
      .then(([ttl]) => ttl)
      .catch((err: unknown) => {
        indexed = undefined;
        throw err;
      }));

  /** How long until the key has fewer than `limit` failures in the window (0: it has now). */
  async function waitMs(key: string, limit: number, at: number): Promise<number> {
    const recent = await failures
      .find({ key, at: { $gt: new Date(at - options.windowMs) } }, { projection: { _id: 0, at: 1 } })
      .sort({ at: -1 })
      .limit(limit)
      .toArray();
    if (recent.length < limit) return 0;
    return recent[limit - 1]!.at.getTime() + options.windowMs - at;
  }

  return {
    async assertAllowed(username, ip) {
      await ready();
      const at = now();
      const waits = await Promise.all([
        waitMs(userKey(username), options.maxFailuresPerUser, at),
        waitMs(ipKey(ip), options.maxFailuresPerIp, at),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw tooManyFailures(wait);
    },
    async recordFailure(username, ip) {
      const ttl = await ready();
      const at = new Date(now());
      // Without a TTL index (FerretDB) the failures that left the window are removed here, so they never pile up.
      if (!ttl) await failures.deleteMany(expiredFilter<FailureDoc>('expiresAt', at));
      const expiresAt = new Date(at.getTime() + options.windowMs);
      await failures.insertMany([
        { key: userKey(username), at, expiresAt },
        { key: ipKey(ip), at, expiresAt },
      ]);
    },
    async recordSuccess(username) {
      await ready();
      await failures.deleteMany({ key: userKey(username) });
    },
  };
}
