import {
  changedElementColumns,
  compareKeys,
  COMPARED_ELEMENT_COLUMNS,
  isLegacyKey,
  todaysKeys,
} from '../change-rules';
import type { SqliteDb } from './database';

/** Elements read per page of each version; changes are written (and the event loop let go) once per page. */
export const PAGE = 2000;

/**
 * Every page holds the key, ExpressId, ChangedAt, property fingerprint and what a change row names (GlobalId, IfcType,
 * Name, Storey), then the names of the compared columns that differ from the previous version's element of the same
 * key, comma-separated in ELEMENT_COLUMNS order ('' when none does, null on pages that do not compare). Compared
 * with a version stored before models, both versions' pages also hold every compared column, from FIXED on (read as
 * arrays: cheapest).
 */
export const COL = {
  Id: 0,
  ExpressId: 1,
  ChangedAt: 2,
  Fingerprint: 3,
  GlobalId: 4,
  IfcType: 5,
  Name: 6,
  Storey: 7,
  Changed: 8,
} as const;
const FIXED = 9;
export type ElementValues = [string, number, string, string | null, ...unknown[]];

const q = (name: string) => `"${name}"`;
const HEAD = [
  'Id',
  'ExpressId',
  'changed_at',
  'property_fingerprint',
  'GlobalId',
  'IfcType',
  'Name',
  'Storey',
];
/** The columns of HEAD, of the table aliased `table` (or of the only table). */
const head = (table = '') => HEAD.map((c) => `${table}${q(c)}`).join(', ');
/** One page of a version in key order after ?3 (project ?1, version ?2), of the table aliased `table`. */
const keyPage = (table = '') =>
  `${table}project_id = ?1 AND ${table}version = ?2 AND ${table}"Id" > ?3 ORDER BY ${table}"Id" LIMIT ${PAGE}`;

interface ElementCursor {
  current(): ElementValues | undefined;
  next(): void;
}
type PageStatement = { all(...params: unknown[]): unknown };

/** Pages one version's elements in key order; `more` are bound after the project, version and last key. */
function elementCursor(
  page: PageStatement,
  projectId: string,
  version: number,
  ...more: unknown[]
): ElementCursor {
  let rows: ElementValues[] = [];
  let index = 0;
  let done = false;
  const fill = () => {
    if (index < rows.length || done) return;
    const after = rows.length ? rows[rows.length - 1]![COL.Id] : '';
    rows = page.all(projectId, version, after, ...more) as ElementValues[];
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

/** Two versions of a model, each in key order, as the change step merges them. */
export interface VersionPair {
  olds: ElementCursor;
  news: ElementCursor;
  /** The compared columns whose values differ between two elements of the same key, in ELEMENT_COLUMNS order. */
  changedColumns(old: ElementValues, current: ElementValues): string[];
}

/**
 * The pages the change step merges. Most elements of a new version equal their previous version's: the newer
 * version's pages are read joined to the previous version on the key, and SQLite names the columns that differ,
 * so the ~40 compared columns of each element never cross into JavaScript (the 100 MB bench model: reading both
 * versions 4.9 → 1.9 s). SQLite's `IS NOT` on two values of one column is the comparison changedElementColumns
 * makes of what SQLite returns (a boolean is 0/1 on both sides). A previous version stored before models has other
 * keys: both versions are then read whole and compared in JavaScript (changedElementColumns).
 */
export function createElementCursors(db: SqliteDb) {
  const slim = db.prepare(`SELECT ${head()}, NULL FROM ifc_elements WHERE ${keyPage()}`).raw(true);
  const whole = db
    .prepare(
      `SELECT ${head()}, NULL, ${COMPARED_ELEMENT_COLUMNS.map(q).join(', ')} FROM ifc_elements WHERE ${keyPage()}`,
    )
    .raw(true);
  const differing = COMPARED_ELEMENT_COLUMNS.map(
    (c) => `CASE WHEN n.${q(c)} IS NOT o.${q(c)} THEN '${c},' ELSE '' END`,
  ).join(' || ');
  const compared = db
    .prepare(
      `SELECT ${head('n.')}, CASE WHEN o."Id" IS NOT NULL THEN rtrim(${differing}, ',') END
       FROM ifc_elements n LEFT JOIN ifc_elements o
         ON o.project_id = n.project_id AND o.version = ?4 AND o."Id" = n."Id"
       WHERE ${keyPage('n.')}`,
    )
    .raw(true);
  return {
    pair(projectId: string, previousVersion: number, version: number, modelId: string): VersionPair {
      const probe = elementCursor(slim, projectId, previousVersion);
      const first = probe.current();
      const legacy =
        !!first && isLegacyKey(first[COL.Id], first[COL.ExpressId], first[COL.GlobalId], modelId);
      if (legacy) {
        return {
          olds: legacyCursor(whole, projectId, previousVersion, modelId),
          news: elementCursor(whole, projectId, version),
          changedColumns: (old, current) => changedElementColumns(old, current, FIXED),
        };
      }
      return {
        olds: probe,
        news: elementCursor(compared, projectId, version, previousVersion),
        changedColumns(_old, current) {
          const names = current[COL.Changed] as string | null;
          // Equal keys met in the merge, yet the join found none: the previous version lost rows meanwhile.
          if (names === null)
            throw new Error(`Version ${previousVersion} changed while changes were computed`);
          return names ? names.split(',') : [];
        },
      };
    },
  };
}
