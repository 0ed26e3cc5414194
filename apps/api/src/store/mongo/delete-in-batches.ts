import type { mongo } from 'mongoose';

/**
 * Documents removed per round. FerretDB (the MongoDB-compatible server the tests run, and some operators) deletes a
 * filter's matches in one SQL statement with a variable per document and fails past ~32,000 ("too many SQL
 * variables"); a real MongoDB has no such limit, but bounded rounds also keep one delete from holding it for long.
 */
export const DELETE_BATCH = 10_000;

/** Deletes every document matching `filter`, by _id in rounds of at most `batch`; resolves to how many went. */
export async function deleteInBatches<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  filter: mongo.Filter<T>,
  batch = DELETE_BATCH,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (
      await collection
        .find(filter, { projection: { _id: 1 } })
        .limit(batch)
        .toArray()
    ).map((doc) => doc._id);
    if (!ids.length) return deleted;
    const result = await collection.deleteMany({ _id: { $in: ids } } as mongo.Filter<T>);
    deleted += result.deletedCount;
    if (ids.length < batch) return deleted;
  }
}
