import type { mongo } from 'mongoose';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, SPATIAL_COLUMNS, type ColumnType } from '../row-columns';
import type { RowCollections } from './row-collections';
import { columnOf, type EntityType } from '@aec/odata';
import { changeEntityTypes } from '../feed-change-sets';

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
/** The model's name on every row (written from the row's version): its copies are kept too. */
export const ROW_MODEL_NAME = 'ModelName';

const textColumns = <Defs extends Record<string, ColumnType>>(defs: Defs) =>
  Object.keys(defs).filter((name) => defs[name] === 'string') as (keyof Defs & string)[];

/** What compileRowDoc needs to write the copies of a row kind's text columns. */
const caseMapped = <Name extends string>(columns: readonly Name[]) => ({
  ...CASE_SHADOWS,
  columns,
  keyColumns: [ROW_MODEL_NAME],
});
export const ELEMENT_CASE_MAPPED = caseMapped(textColumns(ELEMENT_COLUMNS));
export const PROPERTY_CASE_MAPPED = caseMapped(textColumns(PROPERTY_COLUMNS));
export const SPATIAL_CASE_MAPPED = caseMapped(textColumns(SPATIAL_COLUMNS));

/**
 * The stored text fields of the sets whose documents are not written from the row columns, named as stored: every
 * text property of Projects, Models, Versions, IFCChanges and IFCPropertyChanges (feed-model.ts gives each one
 * caseColumns on a store with copies; case-shadows.test.ts checks these lists against the model). Rows also keep
 * their ModelName's copies (ROW_MODEL_NAME), written with the row and rewritten by a rename.
 */
export const PROJECT_TEXT = ['_id', 'name', 'fileName', 'status', 'ifcSchema'] as const;
export const MODEL_VIEW_TEXT = ['ModelId', 'projectId', 'Name'] as const;
export const VERSION_TEXT = ['modelId', 'projectId', 'ModelName', 'fileName', 'ifcSchema', 'status'] as const;
/** The change sets' text columns as the MongoDB store keeps them (ProjectId in `projectId`, as on every row). */
const [CHANGE_TYPE, PROPERTY_CHANGE_TYPE] = changeEntityTypes(
  { IFCChanges: '', IFCPropertyChanges: '' },
  () => ({
    name: 'ProjectId',
    type: 'Edm.String',
    nullable: false,
    column: 'projectId',
  }),
);
const storedText = (type: EntityType) =>
  type.properties.filter((p) => p.type === 'Edm.String').map((p) => columnOf(p));
export const CHANGE_TEXT = storedText(CHANGE_TYPE!);
export const PROPERTY_CHANGE_TEXT = storedText(PROPERTY_CHANGE_TYPE!);

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

/** `$set` fields giving a document's ModelName its copies (a model rename rewrites them with the name). */
export const modelNameShadows = (name: string): Record<string, string> => ({
  [`${CASE_SHADOWS.lower}.${ROW_MODEL_NAME}`]: name.toLowerCase(),
  [`${CASE_SHADOWS.upper}.${ROW_MODEL_NAME}`]: name.toUpperCase(),
});

/**
 * `$set` fields bringing the copies of `doc`'s `names` in step with their values, or null when they already are
 * (a document whose fields another update changed: see refreshModelViews).
 */
export function staleCaseShadows(
  doc: Record<string, unknown>,
  names: readonly string[],
): Record<string, string> | null {
  const fresh = caseShadowsOf(doc, names);
  const set: Record<string, string> = {};
  for (const shadow of [CASE_SHADOWS.lower, CASE_SHADOWS.upper]) {
    const stored = (doc[shadow] ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const value = fresh[shadow][name];
      if (value !== undefined && stored[name] !== value) set[`${shadow}.${name}`] = value;
    }
  }
  return Object.keys(set).length ? set : null;
}

/** A change collection whose inserted documents get their text columns' copies on the way in. */
function insertingCopies<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  names: readonly string[],
): mongo.Collection<T> {
  const insertMany: mongo.Collection<T>['insertMany'] = (docs, options) =>
    collection.insertMany(
      docs.map((d) => ({ ...d, ...caseShadowsOf(d as Record<string, unknown>, names) })),
      options,
    );
  return new Proxy(collection, {
    get(target, property) {
      if (property === 'insertMany') return insertMany;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The row collections as the change step writes through them: its IFCChanges and IFCPropertyChanges documents get
 * their text columns' copies (mongo-changes.ts builds the documents; this keeps the copies in one place).
 */
export const withChangeCaseShadows = (rows: RowCollections): RowCollections => ({
  ...rows,
  changes: insertingCopies(rows.changes, CHANGE_TEXT),
  propertyChanges: insertingCopies(rows.propertyChanges, PROPERTY_CHANGE_TEXT),
});

/** Rows written per bulk call by the backfill. */
const BATCH = 1_000;
export const MIGRATIONS = 'ifc_store_migrations';
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
