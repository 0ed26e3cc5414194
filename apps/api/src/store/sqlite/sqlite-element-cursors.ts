import { compareKeys, COMPARED_ELEMENT_COLUMNS, isLegacyKey, todaysKeys } from '../change-rules';
import type { SqliteDb } from './database';

/** Elements read per page of each version; changes are written (and the event loop let go) once per page. */
export const PAGE = 2000;

/**
 * Element pages hold the key, ExpressId, ChangedAt and property fingerprint, then the compared columns (read as
 * arrays: cheapest).
 */
export const FIXED = 4;
export type ElementValues = [string, number, string, string | null, ...unknown[]];
const column = (name: string) => FIXED + COMPARED_ELEMENT_COLUMNS.indexOf(name as never);
export const COL = {
  Id: 0,
  ExpressId: 1,
  ChangedAt: 2,
  Fingerprint: 3,
  GlobalId: column('GlobalId'),
  IfcType: column('IfcType'),
  Name: column('Name'),
  Storey: column('Storey'),
} as const;

interface ElementCursor {
  current(): ElementValues | undefined;
  next(): void;
}
type PageStatement = { all(...params: unknown[]): unknown };

/** Pages one version's elements in key order. */
function elementCursor(page: PageStatement, projectId: string, version: number): ElementCursor {
  let rows: ElementValues[] = [];
  let index = 0;
  let done = false;
  const fill = () => {
    if (index < rows.length || done) return;
    const after = rows.length ? rows[rows.length - 1]![COL.Id] : '';
    rows = page.all(projectId, version, after) as ElementValues[];
    index = 0;
    if (rows.length < PAGE) done = true;
  };
  return {
    current(): ElementValues | undefined {
      fill();
      return rows[index];
    },
    next(): void {
      index += 1;
    },
  };
}

/** Whether a version's rows have the keys of before models (isLegacyKey on its first row). */
function legacyKeyed(first: ElementValues | undefined, modelId: string): boolean {
  return !!first && isLegacyKey(first[COL.Id], first[COL.ExpressId], first[COL.GlobalId], modelId);
}

/**
 * A version with old keys, re-keyed as rows are keyed today (todaysKeys) and sorted: held in memory, once per model,
 * for the first comparison after the upgrade.
 */
function legacyCursor(
  page: PageStatement,
  projectId: string,
  version: number,
  modelId: string,
): ElementCursor {
  const rows: ElementValues[] = [];
  const keyOf = todaysKeys(modelId);
  for (const cursor = elementCursor(page, projectId, version); cursor.current(); cursor.next()) {
    const row = [...cursor.current()!] as ElementValues;
    row[COL.Id] = keyOf(row[COL.GlobalId] as string | null, row[COL.ExpressId]);
    rows.push(row);
  }
  rows.sort((a, b) => compareKeys(a[COL.Id], b[COL.Id]));
  let index = 0;
  return { current: () => rows[index], next: () => void (index += 1) };
}

/** Cursors over one version's elements in key order, as the change step merges them. */
export function createElementCursors(db: SqliteDb) {
  const page = db
    .prepare(
      `SELECT "Id", "ExpressId", changed_at, property_fingerprint,
         ${COMPARED_ELEMENT_COLUMNS.map((c) => `"${c}"`).join(', ')}
       FROM ifc_elements WHERE project_id = ? AND version = ? AND "Id" > ? ORDER BY "Id" LIMIT ${PAGE}`,
    )
    .raw(true);
  return {
    open: (projectId: string, version: number): ElementCursor => elementCursor(page, projectId, version),
    /** The version compared against: re-keyed as rows are keyed today when it was stored before models. */
    previous(projectId: string, version: number, modelId: string): ElementCursor {
      const cursor = elementCursor(page, projectId, version);
      return legacyKeyed(cursor.current(), modelId)
        ? legacyCursor(page, projectId, version, modelId)
        : cursor;
    },
  };
}
