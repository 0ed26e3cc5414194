import type { mongo } from 'mongoose';

/**
 * Writes to the `jobs` documents through one database connection, one at a time — on FerretDB only.
 *
 * FerretDB (the MongoDB-compatible server the tests and small installs run on) applies an update by reading the
 * document, changing it in memory and writing it back whole, so two writes to one job document that overlap can
 * lose one: a pause request written while the holder renewed its lease came back as if never made. MongoDB applies
 * each single-document update atomically, so there the writes go straight through (a queue would only let one slow
 * write hold up every lease renewal). Writes through separate connections (other processes) can still overlap on
 * FerretDB; MongoDB is the server for several instances.
 */
const wholeDocumentWriters = new WeakSet<mongo.Db>();
const tails = new WeakMap<mongo.Db, Promise<unknown>>();

/**
 * Asks the server what it is: FerretDB names itself in buildInfo (`ferretdbVersion`). A server that does not answer
 * is treated like FerretDB (the queue is correct on both).
 */
export async function detectWholeDocumentWrites(db: mongo.Db): Promise<void> {
  try {
    const info = await db.admin().command({ buildInfo: 1 });
    if (info.ferretdbVersion === undefined) return;
  } catch {
    // an unknown server: its job writes queue
  }
  wholeDocumentWriters.add(db);
}

export function jobDocumentWrite<T>(db: mongo.Db | undefined, write: () => Promise<T>): Promise<T> {
  if (!db || !wholeDocumentWriters.has(db)) return write();
  const result = (tails.get(db) ?? Promise.resolve()).then(write);
  tails.set(
    db,
    result.catch(() => undefined),
  );
  return result;
}
