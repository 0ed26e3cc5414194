import type { mongo } from 'mongoose';

/**
 * Writes to the `jobs` documents through one database connection, one at a time.
 *
 * FerretDB (the MongoDB-compatible server the tests and small installs run on) applies an update by reading the
 * document, changing it in memory and writing it back whole, so two writes to one job document that overlap can
 * lose one: a pause request written while the holder renewed its lease came back as if never made. On MongoDB each
 * single-document update is atomic and this queue only orders them (a job document sees a few writes a second at
 * most). Writes through separate connections (other processes) can still overlap on FerretDB; MongoDB is the server
 * for several instances.
 */
const tails = new WeakMap<mongo.Db, Promise<unknown>>();

export function jobDocumentWrite<T>(db: mongo.Db | undefined, write: () => Promise<T>): Promise<T> {
  if (!db) return write();
  const result = (tails.get(db) ?? Promise.resolve()).then(write);
  tails.set(
    db,
    result.catch(() => undefined),
  );
  return result;
}
