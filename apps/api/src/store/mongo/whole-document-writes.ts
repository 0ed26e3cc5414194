import type { mongo } from 'mongoose';

/**
 * Updates of the record documents (jobs, projects, versions, users) through one database connection, one at a time
 * per collection — on FerretDB only.
 *
 * FerretDB (the MongoDB-compatible server the tests and small installs run on) applies an update by reading the
 * document, changing it in memory and writing it back whole, and does not apply an update's filter atomically with
 * its write: two writes to one document that overlap can lose one (a pause request written while the holder renewed
 * its job's lease came back as if never made), and two compare-and-set updates guarded by the same `rev` can both
 * match (measured: 194 of 200 concurrent pairs on one project document), so two deletes at once could each remove
 * one of a project's two models. MongoDB applies each single-document update atomically, so there the writes go
 * straight through (a queue would only let one slow write hold up every lease renewal). Writes through separate
 * connections (other processes) can still overlap on FerretDB; MongoDB is the server for several instances.
 */
const wholeDocumentWriters = new WeakSet<mongo.Db>();
const tails = new WeakMap<mongo.Db, Map<RecordCollection, Promise<unknown>>>();

/** The collections whose documents several requests and jobs update: each queues apart from the others. */
export type RecordCollection = 'jobs' | 'projects' | 'versions' | 'users';

/**
 * Asks the server what it is: FerretDB names itself in buildInfo (`ferretdbVersion`). A server that does not answer
 * is treated like FerretDB (the queue is correct on both).
 */
export async function detectWholeDocumentWrites(db: mongo.Db): Promise<void> {
  try {
    const info = await db.admin().command({ buildInfo: 1 });
    if (info.ferretdbVersion === undefined) return;
  } catch {
    // an unknown server: its record writes queue
  }
  wholeDocumentWriters.add(db);
}

/** Runs `write` (one update of a document of `collection`) after the writes to that collection queued before it. */
export function documentWrite<T>(
  db: mongo.Db | undefined,
  collection: RecordCollection,
  write: () => Promise<T>,
): Promise<T> {
  if (!db || !wholeDocumentWriters.has(db)) return write();
  let lanes = tails.get(db);
  if (!lanes) tails.set(db, (lanes = new Map()));
  const result = (lanes.get(collection) ?? Promise.resolve()).then(write);
  lanes.set(
    collection,
    result.catch(() => undefined),
  );
  return result;
}
