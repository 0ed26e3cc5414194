import type { mongo } from 'mongoose';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, SPATIAL_COLUMNS, type ColumnType } from '../row-columns';
import type { RowCollections } from './row-collections';

/**
 * OData's tolower/toupper must map case as JavaScript's toLowerCase()/toUpperCase() do. MongoDB's $toLower and
 * $toUpper map ASCII only, a case-insensitive regex folds letter by letter ('ß' is not 'SS', a final 'Σ' not 'ς'),
 * and FerretDB evaluates no comparison inside $expr. So every row document keeps each text column's two mappings,
 * computed by JavaScript when the row is written, in two sub-documents: `{ Name: 'Straße', '~lower': { Name:
 * 'straße' }, '~upper': { Name: 'STRASSE' } }`. The feed model points tolower(Name) at `~lower.Name`
 * (PropertyDef.caseColumns), so filters and sorts on it are plain field operations, exact and index-friendly. The
 * names cannot clash with a column: columns are OData identifiers, which never start with '~'. The entity rows
 * are built from the model's properties only, so the copies never reach a response.
 */
export const CASE_SHADOWS = { lower: '~lower', upper: '~upper' } as const;

const textColumns = <Defs extends Record<string, ColumnType>>(defs: Defs) =>
  Object.keys(defs).filter((name) => defs[name] === 'string') as (keyof Defs & string)[];

/** What compileRowDoc needs to write the copies of a row kind's text columns. */
const caseMapped = <Name extends string>(columns: readonly Name[]) => ({ ...CASE_SHADOWS, columns });
export const ELEMENT_CASE_MAPPED = caseMapped(textColumns(ELEMENT_COLUMNS));
export const PROPERTY_CASE_MAPPED = caseMapped(textColumns(PROPERTY_COLUMNS));
export const SPATIAL_CASE_MAPPED = caseMapped(textColumns(SPATIAL_COLUMNS));

type Shadows = Record<(typeof CASE_SHADOWS)[keyof typeof CASE_SHADOWS], Record<string, string>>;

/**
 * The copies of the named fields of `doc`, added to `into` (another document's copies, kept). Null and missing
 * values get none: a missing field compares and sorts as null in MongoDB, as the null value would.
 */
export function caseShadowsOf(
  doc: Record<string, unknown>,
  names: readonly string[],
  into: Record<string, unknown> = {},
): Shadows {
  const lower = { ...(into[CASE_SHADOWS.lower] as Record<string, string> | undefined) };
  const upper = { ...(into[CASE_SHADOWS.upper] as Record<string, string> | undefined) };
  for (const name of names) {
    const value = doc[name];
    if (typeof value !== 'string') continue;
    lower[name] = value.toLowerCase();
    upper[name] = value.toUpperCase();
  }
  return { [CASE_SHADOWS.lower]: lower, [CASE_SHADOWS.upper]: upper } as Shadows;
}

/** Rows written per bulk call by the backfill. */
const BATCH = 1_000;
const MIGRATIONS = 'ifc_store_migrations';
const MIGRATION_ID = 'case-shadows';

/**
 * Gives the row documents written before the copies existed their copies, once, at start-up and before the store
 * serves (a filter on tolower would otherwise miss those rows). A marker document records that it ran, so later
 * start-ups do not scan the collections again. Resumable: an interrupted run leaves the marker unset and the next
 * start-up carries on with the documents still without copies. Resolves to the number of documents updated.
 */
export async function backfillCaseShadows(db: mongo.Db, rows: RowCollections): Promise<number> {
  const migrations = db.collection<{ _id: string; at: Date }>(MIGRATIONS);
  if (await migrations.findOne({ _id: MIGRATION_ID })) return 0;
  const missing = { [CASE_SHADOWS.lower]: { $exists: false } };
  let updated = 0;
  const fill = async (
    collection: mongo.Collection<mongo.Document>,
    filter: mongo.Filter<mongo.Document>,
    names: readonly string[],
  ) => {
    let ops: mongo.AnyBulkWriteOperation<mongo.Document>[] = [];
    const flush = async () => {
      if (ops.length) await collection.bulkWrite(ops, { ordered: false });
      updated += ops.length;
      ops = [];
    };
    for await (const doc of collection.find({ ...filter, ...missing })) {
      ops.push({ updateOne: { filter: { _id: doc._id }, update: { $set: caseShadowsOf(doc, names) } } });
      if (ops.length >= BATCH) await flush();
    }
    await flush();
  };
  const as = <T extends mongo.Document>(c: mongo.Collection<T>) =>
    c as unknown as mongo.Collection<mongo.Document>;
  await fill(as(rows.elements), {}, ELEMENT_CASE_MAPPED.columns);
  await fill(as(rows.properties), {}, PROPERTY_CASE_MAPPED.columns);
  await fill(as(rows.spatial), {}, SPATIAL_CASE_MAPPED.columns);
  // Wide documents: the element columns and the text columns of their version's catalog.
  for await (const catalog of rows.wideCatalogs.find({})) {
    const wideText = catalog.columns.filter((c) => c.type === 'Edm.String').map((c) => c.name);
    await fill(as(rows.wide), { projectId: catalog.projectId, version: catalog.version }, [
      ...ELEMENT_CASE_MAPPED.columns,
      ...wideText,
    ]);
  }
  await migrations.updateOne({ _id: MIGRATION_ID }, { $set: { at: new Date() } }, { upsert: true });
  return updated;
}
