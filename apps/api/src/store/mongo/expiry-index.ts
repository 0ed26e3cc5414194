import { mongo } from 'mongoose';

/** The server's "NotImplemented" error code (FerretDB v1 answers it for TTL indexes). */
const NOT_IMPLEMENTED = 238;

/**
 * A TTL index removing each document once the date in `field` has passed. Resolves false when the server has no TTL
 * indexes (FerretDB v1, which CI runs): the caller then deletes its expired documents itself (expiredFilter), and
 * every reader ignores them by their date anyway, so expiry never depends on when the server sweeps.
 */
export async function createExpiryIndex<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  field: string,
  name: string,
): Promise<boolean> {
  try {
    await collection.createIndex({ [field]: 1 }, { expireAfterSeconds: 0, name });
    return true;
  } catch (err) {
    if (err instanceof mongo.MongoServerError && err.code === NOT_IMPLEMENTED) {
      await collection.createIndex({ [field]: 1 }, { name });
      return false;
    }
    throw err;
  }
}

/** Documents whose `field` date has passed. */
export const expiredFilter = <T extends mongo.Document>(field: string, now = new Date()): mongo.Filter<T> =>
  ({ [field]: { $lte: now } }) as mongo.Filter<T>;
