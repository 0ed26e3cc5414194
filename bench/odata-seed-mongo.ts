import { mongo } from 'mongoose';
import { createMongoStore } from '../apps/api/src/store/mongo/mongo-store';
import { compileRowDoc } from '../apps/api/src/store/mongo/row-docs';
import { elementColumnNames, elementId } from '../apps/api/src/store/row-columns';
import type { ElementRow } from '../apps/api/src/store/types';
import { BENCH_TYPES, createBenchProject } from './bench-project';

/** Documents per insertMany: FerretDB v1 takes each call as one SQLite transaction, so bigger is faster. */
const BATCH = 5_000;

// The element repository's stored shape: the version key, then every column, absent ones as explicit nulls.
const elementDoc = compileRowDoc<ElementRow>(['projectId', 'version', 'Id'], elementColumnNames);

/** Row i of the benchmark model: the same values as the SQLite seed's recursive CTE (bench/odata-seed.ts). */
function elementRow(i: number): Partial<ElementRow> {
  return {
    ExpressId: i,
    GlobalId: `G${String(i).padStart(21, '0')}`,
    IfcType: BENCH_TYPES[i % 8]!,
    Name: `Element ${i}`,
    Storey: `Level ${i % 40}`,
    StoreyElevation: (i % 40) * 3.5,
    Building: 'Bench Tower',
    Site: 'Bench Site',
    Material: i % 3 === 0 ? 'Concrete' : i % 3 === 1 ? 'Steel' : null,
    IsExternal: i % 2 === 1,
    LoadBearing: (i + 1) % 2 === 1,
    FireRating: i % 5 === 0 ? 'REI 90' : null,
    Height: (i % 400) / 100,
    Width: (i % 50) / 10,
    Length: (i % 700) / 100,
    NetVolume: (i % 900) / 1000,
    GrossArea: (i % 300) / 10,
  };
}

const tally = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Seeds a MongoDB-wire server with one user and one private, published project of N element rows. The user and
 * project go through the store's repositories (as registration and an upload do); the rows go in through the
 * driver in unordered insertMany batches, as the row repository writes them; then the wide set is built. Prints
 * {projectId, rows, seconds, wideBuildSeconds}.
 */
async function main(): Promise<void> {
  const [uri, rowsArg = '100000'] = process.argv.slice(2);
  if (!uri) throw new Error('usage: odata-seed-mongo <mongodb-uri> [rows]');
  const rows = Number(rowsArg);
  const started = performance.now();
  const store = await createMongoStore(uri);
  // The API opens the store with the URI's default database; so does this client.
  const client = await new mongo.MongoClient(uri).connect();
  try {
    const projectId = 'proj_bench_mongo';
    const { version } = await createBenchProject(store, projectId);
    const elements = client.db().collection('ifc_elements');
    const countsByType: Record<string, number> = {};
    const countsByStorey: Record<string, number> = {};
    for (let from = 1; from <= rows; from += BATCH) {
      const batch = [];
      for (let i = from; i < Math.min(from + BATCH, rows + 1); i++) {
        const row = elementRow(i);
        tally(countsByType, row.IfcType!);
        tally(countsByStorey, row.Storey!);
        batch.push(elementDoc(row as ElementRow, { projectId, version, Id: elementId(projectId, i) }));
      }
      await elements.insertMany(batch, { ordered: false });
    }
    await store.projects.publish(projectId, version, {
      schema: 'IFC4',
      elementCount: rows,
      propertyCount: 0,
      spatialCount: 0,
      countsByType,
      countsByStorey,
    });
    // What a processed upload does once published. Without it the API's start-up pass would build the wide set
    // while the benchmark measures.
    const wideStarted = performance.now();
    await store.rows.buildWideElements(projectId, version);
    const end = performance.now();
    process.stdout.write(
      JSON.stringify({
        projectId,
        rows,
        seconds: (end - started) / 1000,
        wideBuildSeconds: (end - wideStarted) / 1000,
      }) + '\n',
    );
  } finally {
    await client.close();
    await store.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
