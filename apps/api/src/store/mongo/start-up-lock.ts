import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';

/** Leases on start-up work that instances sharing the database must not run in parallel (issue 16). */
export const LOCKS = 'locks';

interface LockDoc {
  _id: string;
  owner: string;
  /** The holder renews it while it works; a holder that died loses the lock once it passes. */
  expiresAt: Date;
}

export interface LockOptions {
  leaseMs?: number;
  /** How often a waiting instance asks again. */
  pollMs?: number;
}

/**
 * Runs `fn` while holding the lock `name`: an instance that finds it held waits until it is released (or its lease
 * expired) and then runs `fn` itself, which then finds the work done (every piece guarded this way can be repeated).
 * Taking the lock is one upsert that matches only a free or expired lock; a held one makes it a duplicate insert.
 */
export async function withLock<T>(
  db: mongo.Db,
  name: string,
  fn: () => Promise<T>,
  { leaseMs = 30_000, pollMs = 200 }: LockOptions = {},
): Promise<T> {
  const locks = db.collection<LockDoc>(LOCKS);
  const owner = randomUUID();
  for (;;) {
    const now = Date.now();
    try {
      await locks.updateOne(
        { _id: name, expiresAt: { $lt: new Date(now) } },
        { $set: { owner, expiresAt: new Date(now + leaseMs) } },
        { upsert: true },
      );
      break;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const renew = setInterval(() => {
    locks
      .updateOne({ _id: name, owner }, { $set: { expiresAt: new Date(Date.now() + leaseMs) } })
      .catch(() => undefined);
  }, leaseMs / 3);
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await locks.deleteOne({ _id: name, owner }).catch(() => undefined);
  }
}
