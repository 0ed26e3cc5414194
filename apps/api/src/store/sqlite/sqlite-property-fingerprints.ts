import { hash } from 'node:crypto';
import type { PropertyValue } from '../change-rules';
import type { SqliteDb } from './database';
import { versionKeyRanges } from './version-key-ranges';

/** Property rows grouped per query: SQLite groups and concatenates them, so far fewer rows cross into JavaScript. */
const RANGE_ROWS = 20_000;
/** Property rows scanned per query for the values of chosen elements (few of them match: they stay in SQLite). */
const SCAN_ROWS = 100_000;

/** One element's property values in a version, in short: enough to tell "unchanged" without reading them. */
export interface PropertyRun {
  /** SHA-1 of the element's (SetName, PropertyName, Value, Unit) values in row order. */
  fingerprint: string;
  /** Property row Ids bounding the element's rows (the extractor writes an element's properties together). */
  first: number;
  last: number;
}

export interface SqlitePropertyFingerprints {
  /** Per ElementExpressId; null when cancelled. */
  collect(
    projectId: string,
    version: number,
    isCancelled: () => boolean,
  ): Promise<Map<number, PropertyRun> | null>;
  /**
   * The property values of the given elements (by ExpressId), each element's in row order: one pass over the
   * version's property rows, range by range; null when cancelled.
   */
  valuesOf(
    projectId: string,
    version: number,
    expressIds: readonly number[],
    isCancelled: () => boolean,
  ): Promise<Map<number, PropertyValue[]> | null>;
  /** The element's property values in row order, read between its run's bounds. */
  values(
    projectId: string,
    version: number,
    expressId: number,
    run: PropertyRun | undefined,
  ): PropertyValue[];
}

export function createSqlitePropertyFingerprints(db: SqliteDb): SqlitePropertyFingerprints {
  const ranges = versionKeyRanges(db, 'ifc_properties', { start: -1, rows: RANGE_ROWS });
  // quote() keeps NULL apart from '' and makes the joined text unambiguous whatever the names hold.
  const grouped = (bounded: boolean) =>
    db
      .prepare(
        `SELECT "ElementExpressId", MIN("Id"), MAX("Id"),
           group_concat(quote("SetName") || ',' || quote("PropertyName") || ',' || quote("Value") || ','
             || quote("Unit"), ';' ORDER BY "Id")
         FROM ifc_properties WHERE project_id = ? AND version = ? AND "Id" > ? ${bounded ? 'AND "Id" <= ?' : ''}
         GROUP BY "ElementExpressId"`,
      )
      .raw(true);
  const range = grouped(true);
  const rest = grouped(false);
  const values = db.prepare(
    `SELECT "SetName", "PropertyName", "Value", "Unit" FROM ifc_properties
     WHERE project_id = ? AND version = ? AND "Id" >= ? AND "Id" <= ? AND "ElementExpressId" = ? ORDER BY "Id"`,
  );

  const wanted = (bounded: boolean) =>
    db
      .prepare(
        `SELECT "ElementExpressId", "SetName", "PropertyName", "Value", "Unit" FROM ifc_properties
         WHERE project_id = ? AND version = ? AND "Id" > ? ${bounded ? 'AND "Id" <= ?' : ''}
           AND "ElementExpressId" IN (SELECT value FROM json_each(?))
         ORDER BY "Id"`,
      )
      .raw(true);
  const wantedRange = wanted(true);
  const wantedRest = wanted(false);
  const scanRanges = versionKeyRanges(db, 'ifc_properties', { start: -1, rows: SCAN_ROWS });

  return {
    async valuesOf(projectId, version, expressIds, isCancelled) {
      const found = new Map<number, PropertyValue[]>();
      if (!expressIds.length) return found;
      const ids = JSON.stringify(expressIds);
      const complete = await scanRanges.each(
        projectId,
        version,
        (after, end) => {
          const rows = (
            end === undefined
              ? wantedRest.all(projectId, version, after, ids)
              : wantedRange.all(projectId, version, after, end, ids)
          ) as [number, string | null, string | null, string | null, string | null][];
          for (const [expressId, SetName, PropertyName, Value, Unit] of rows) {
            const value = { SetName, PropertyName, Value, Unit };
            const list = found.get(expressId);
            if (list) list.push(value);
            else found.set(expressId, [value]);
          }
        },
        isCancelled,
      );
      return complete ? found : null;
    },
    async collect(projectId, version, isCancelled) {
      const runs = new Map<number, PropertyRun>();
      const complete = await ranges.each(
        projectId,
        version,
        (after, end) => {
          const rows = (
            end === undefined
              ? rest.all(projectId, version, after)
              : range.all(projectId, version, after, end)
          ) as [number, number, number, string][];
          for (const [expressId, first, last, text] of rows) {
            const seen = runs.get(expressId);
            // An element split over two ranges (or written twice) chains its parts: a version split elsewhere
            // then merely differs here and gets the detailed comparison, which decides.
            if (seen) {
              seen.fingerprint = hash('sha1', `${seen.fingerprint};${text}`, 'base64');
              seen.last = last;
            } else {
              runs.set(expressId, { fingerprint: hash('sha1', text, 'base64'), first, last });
            }
          }
        },
        isCancelled,
      );
      return complete ? runs : null;
    },
    values(projectId, version, expressId, run) {
      if (!run) return [];
      return values.all(projectId, version, run.first, run.last, expressId) as PropertyValue[];
    },
  };
}
