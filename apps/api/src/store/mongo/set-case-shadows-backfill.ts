import type { mongo } from 'mongoose';
import {
  CASE_SHADOWS,
  CHANGE_TEXT,
  MIGRATIONS,
  MODEL_VIEW_TEXT,
  PROJECT_TEXT,
  PROPERTY_CHANGE_TEXT,
  ROW_MODEL_NAME,
  staleCaseShadows,
  VERSION_TEXT,
} from './case-shadows';
import { MODELS_VIEW } from './model-feed-views';
import type { RowCollections } from './row-collections';
import { VERSIONS_COLLECTION } from './version-docs';
import { dropWideUnions, WIDE_UNIONS } from './wide-union';

/** Documents updated per bulk call. */
const BATCH = 1_000;

const SETS_MIGRATION_ID = 'case-shadows-sets';

/**
 * The second backfill, for documents written before the other sets had copies: projects, the Models view,
 * versions, change rows, and ModelName on every row kind (after the legacy-models migration, which writes
 * ModelName). Marked and resumable like backfillCaseShadows. The wide sets' joined copies (wide-union.ts) are
 * dropped instead: they are made again from the backfilled documents when next read.
 */
export async function backfillSetCaseShadows(db: mongo.Db, rows: RowCollections): Promise<number> {
  const migrations = db.collection<{ _id: string; at: Date }>(MIGRATIONS);
  if (await migrations.findOne({ _id: SETS_MIGRATION_ID })) return 0;
  let updated = 0;
  const fill = async (collection: mongo.Collection<mongo.Document>, names: readonly string[]) => {
    const key = names[0]!;
    let ops: mongo.AnyBulkWriteOperation<mongo.Document>[] = [];
    const flush = async () => {
      if (ops.length) await collection.bulkWrite(ops, { ordered: false });
      updated += ops.length;
      ops = [];
    };
    const filter = { [key]: { $type: 'string' }, [`${CASE_SHADOWS.lower}.${key}`]: { $exists: false } };
    for await (const doc of collection.find(filter)) {
      const set = staleCaseShadows(doc, names);
      if (set) ops.push({ updateOne: { filter: { _id: doc._id }, update: { $set: set } } });
      if (ops.length >= BATCH) await flush();
    }
    await flush();
  };
  const as = <T extends mongo.Document>(c: mongo.Collection<T>) =>
    c as unknown as mongo.Collection<mongo.Document>;
  await fill(db.collection('projects'), PROJECT_TEXT);
  await fill(db.collection(MODELS_VIEW), MODEL_VIEW_TEXT);
  await fill(db.collection(VERSIONS_COLLECTION), VERSION_TEXT);
  await fill(as(rows.changes), CHANGE_TEXT);
  await fill(as(rows.propertyChanges), PROPERTY_CHANGE_TEXT);
  for (const kind of [rows.elements, rows.properties, rows.spatial, rows.wide])
    await fill(kind as unknown as mongo.Collection<mongo.Document>, [ROW_MODEL_NAME]);
  const unions = await db.collection<{ projectId: string }>(WIDE_UNIONS).distinct('projectId');
  await dropWideUnions(db, unions as string[]);
  await migrations.updateOne({ _id: SETS_MIGRATION_ID }, { $set: { at: new Date() } }, { upsert: true });
  return updated;
}
