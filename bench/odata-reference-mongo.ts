import { compileMongoQuery } from '@aec/odata';
import { mongo } from 'mongoose';
import { mongoFeedModel } from '../apps/api/src/store/mongo/mongo-feed-reader';

/**
 * The MongoDB reference: one driver `find` with the filter, sort and projection the feed compiles for an
 * unfiltered IFCElements pull of the project (its published version), read to the end with JSON.stringify per
 * document. No HTTP, no OData paging.
 */
async function main(): Promise<void> {
  const [uri, projectId] = process.argv.slice(2);
  if (!uri || !projectId) throw new Error('usage: odata-reference-mongo <mongodb-uri> <projectId>');
  const client = await new mongo.MongoClient(uri).connect();
  try {
    const db = client.db();
    const project = await db
      .collection<{ _id: string; version: number }>('projects')
      .findOne({ _id: projectId }, { projection: { version: 1 } });
    if (!project) throw new Error(`project ${projectId} not found`);
    const compiled = compileMongoQuery(
      {},
      {
        model: mongoFeedModel,
        entityType: 'IFCElements',
        // The feed reader's access scope for one visible published project.
        scope: { $or: [{ projectId, version: project.version }] },
      },
    );
    const started = performance.now();
    let rows = 0;
    let bytes = 0;
    const cursor = db.collection('ifc_elements').find(compiled.filter, {
      projection: compiled.projection,
      sort: Object.fromEntries(compiled.sort.map((k) => [k.field, k.direction])),
    });
    for await (const doc of cursor) {
      bytes += JSON.stringify(doc).length;
      rows++;
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      JSON.stringify({ rows, seconds, rowsPerSecond: Math.round(rows / seconds), mb: bytes / 1e6 }) + '\n',
    );
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
