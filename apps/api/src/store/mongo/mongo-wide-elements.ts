import type { mongo } from 'mongoose';
import {
  columnIndex,
  columnKey,
  isBooleanText,
  mergeWideColumns,
  planWideColumns,
  wideValue,
  type PropertyStats,
  type WideCatalog,
} from '../wide-columns';
import { CASE_SHADOWS, caseShadowsOf } from './case-shadows';
import { WIDE_COLLECTION, type RowCollections, type WideDoc } from './row-collections';
import { servesAsStored, type WideUnions } from './wide-union';
import { deleteInBatches } from './delete-in-batches';

/** Documents written per bulk call while building. */
const BATCH = 1_000;

interface PropertyFields {
  ElementExpressId: number;
  SetName: string | null;
  PropertyName: string | null;
  Value: string | null;
  NumericValue: number | null;
}
const PROPERTY_FIELDS = {
  _id: 0,
  ElementExpressId: 1,
  SetName: 1,
  PropertyName: 1,
  Value: 1,
  NumericValue: 1,
};

export interface MongoWideElements {
  build(projectId: string, version: number, isCancelled?: () => boolean): Promise<WideCatalog | null>;
  catalog(projectId: string, version: number): Promise<WideCatalog | null>;
  /** RowRepository.servedWideCatalog: null while a version's set, or their union (wide-union.ts), is prepared. */
  servedCatalog(projectId: string, versions: readonly number[]): Promise<WideCatalog | null>;
}

/**
 * The wide set on MongoDB: one document per element in `ifc_wide`, with a field per property column. Built from
 * two passes over the version's property documents (statistics, then values; FerretDB has no `$group`
 * accumulators we can rely on for the statistics) and one over its elements. The values are held by element
 * while building: memory grows with the model's property values (SQLite's builder streams instead).
 */
export function createMongoWideElements(
  rows: RowCollections,
  /** The published version of the model a row version belongs to (null when the project or model is gone). */
  publishedVersion: (projectId: string, version: number) => Promise<number | null>,
  unions: WideUnions,
): MongoWideElements {
  async function catalog(projectId: string, version: number): Promise<WideCatalog | null> {
    const doc = await rows.wideCatalogs.findOne({ projectId, version });
    return doc ? { table: doc.table, columns: doc.columns, caseShadows: CASE_SHADOWS } : null;
  }
  const propertiesOf = (projectId: string, version: number) =>
    rows.properties
      .find({ projectId, version }, { projection: PROPERTY_FIELDS })
      .sort({ _id: 1 }) as unknown as mongo.FindCursor<PropertyFields>;

  async function statistics(
    projectId: string,
    version: number,
    isCancelled: () => boolean,
  ): Promise<PropertyStats[]> {
    const stats = new Map<string, PropertyStats>();
    let seen = 0;
    for await (const p of propertiesOf(projectId, version)) {
      if (++seen % BATCH === 0 && isCancelled()) break;
      // A set or property without a name may be stored as null or left out.
      const setName = p.SetName ?? null;
      const propertyName = p.PropertyName ?? null;
      const key = columnKey(setName, propertyName);
      let s = stats.get(key);
      if (!s) stats.set(key, (s = { setName, propertyName, values: 0, numeric: 0, boolean: 0 }));
      const value = p.Value ?? null;
      const numeric = p.NumericValue ?? null;
      if (value !== null || numeric !== null) s.values++;
      if (numeric !== null) s.numeric++;
      if (isBooleanText(value)) s.boolean++;
    }
    return [...stats.values()];
  }

  return {
    async build(projectId, version, isCancelled = () => false) {
      if (isCancelled()) return null;
      const columns = planWideColumns(await statistics(projectId, version, isCancelled));
      const key = { projectId, version };
      // Each element's property values, by ExpressId (first value of a column wins, as on SQLite). Updating
      // documents in place would cost FerretDB a collection scan per element; whole documents are inserted.
      const index = columnIndex(columns);
      const values = new Map<number, Record<string, unknown>>();
      let seen = 0;
      for await (const p of propertiesOf(projectId, version)) {
        if (++seen % BATCH === 0 && isCancelled()) return null;
        const position = index.get(columnKey(p.SetName ?? null, p.PropertyName ?? null));
        if (position === undefined) continue;
        const column = columns[position]!;
        let fields = values.get(p.ElementExpressId);
        if (!fields) values.set(p.ElementExpressId, (fields = {}));
        if (column.name in fields) continue;
        const value = wideValue(column.type, p.Value ?? null, p.NumericValue ?? null);
        if (value !== null) fields[column.name] = value;
      }
      // A rebuild starts from nothing; the catalog goes first so no reader uses a half-built version.
      await rows.wideCatalogs.deleteMany(key);
      await deleteInBatches(rows.wide, key);
      const batch: WideDoc[] = [];
      const textColumns = columns.filter((c) => c.type === 'Edm.String').map((c) => c.name);
      for await (const doc of rows.elements.find(key, { projection: { _id: 0, PropertyFingerprint: 0 } })) {
        const element = doc as unknown as WideDoc;
        const fields = values.get(element.ExpressId as number) ?? {};
        // The element's case-mapped copies come with it; its text property columns add theirs.
        batch.push({ ...element, ...fields, ...caseShadowsOf(fields, textColumns, element) });
        if (batch.length >= BATCH) {
          await rows.wide.insertMany(batch.splice(0));
          if (isCancelled()) break;
        }
      }
      if (batch.length && !isCancelled()) await rows.wide.insertMany(batch);
      const current = await publishedVersion(projectId, version);
      if (isCancelled() || current === null || current > version) {
        await deleteInBatches(rows.wide, key);
        return null;
      }
      await rows.wideCatalogs.insertOne({ ...key, table: WIDE_COLLECTION, columns });
      return { table: WIDE_COLLECTION, columns, caseShadows: CASE_SHADOWS };
    },
    catalog,
    async servedCatalog(projectId, versions) {
      const parts = await Promise.all(versions.map((v) => catalog(projectId, v)));
      if (!parts.length || parts.some((p) => p === null)) return null;
      const catalogs = parts as WideCatalog[];
      if (catalogs.length === 1) return catalogs[0]!;
      const columns = mergeWideColumns(catalogs);
      if (servesAsStored(catalogs, columns)) {
        // The project's unions of other model states are of no use now.
        await unions.drop(projectId);
        return { table: WIDE_COLLECTION, columns, caseShadows: CASE_SHADOWS };
      }
      const table = await unions.served(projectId, catalogs, versions, columns);
      return table ? { table, columns, caseShadows: CASE_SHADOWS } : null;
    },
  };
}
