import { createHash } from 'node:crypto';
import { ELEMENT_COLUMNS, elementColumnNames } from '../row-columns';
import {
  columnIndex,
  columnKey,
  mergeWideColumns,
  planWideColumns,
  wideValue,
  type PropertyStats,
  type WideCatalog,
  type WideColumn,
} from '../wide-columns';
import type { SqliteDb } from './database';
import { columnsDdl } from './migrations';
import type { SqliteWrite } from './write-transaction';
import { versionKeyRanges } from './version-key-ranges';
import { INEXACT_COLUMN } from './sqlite-json-pages';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Whether SQLite's JSON (15 significant digits) gives this double back: the test sqlJsonInexactCondition makes. */
const printsExactly = (value: number) => Number.isFinite(value) && Number(value.toPrecision(15)) === value;
const SQL_TYPE: Record<WideColumn['type'], string> = {
  'Edm.Double': 'REAL',
  'Edm.Boolean': 'INTEGER',
  'Edm.String': 'TEXT',
};
/** Property rows read per query while filling the columns, and elements updated per write transaction. */
const READ_PAGE = 20_000;
const ELEMENTS_PER_WRITE = 2_000;
/** Element rows copied into the wide table per write transaction. */
const ELEMENTS_PER_COPY = 10_000;

/** Every wide table of a project starts with this prefix, so a project's tables can be found and dropped. */
const tablePrefix = (projectId: string) =>
  `ifc_wide_${createHash('sha256').update(projectId).digest('hex').slice(0, 24)}_v`;
export const wideTableName = (projectId: string, version: number) => `${tablePrefix(projectId)}${version}`;
/** A project's views over several versions' wide tables (one per model) start with this prefix. */
const viewPrefix = (projectId: string) =>
  `ifc_wide_${createHash('sha256').update(projectId).digest('hex').slice(0, 24)}_u`;

/** Element columns every wide table starts with (migration-10 model columns included), in order. */
const FIXED_COLUMNS = [
  'project_id',
  'version',
  'Id',
  'model_id',
  'model_name',
  'version_number',
  'changed_at',
  ...elementColumnNames,
];

/** A part's value for a merged column: its own column, converted to text when the merged column is text. */
function mergedValue(part: WideColumn | undefined, merged: WideColumn): string {
  if (!part) return 'NULL';
  const column = q(part.name);
  if (part.type === merged.type) return column;
  if (part.type === 'Edm.Boolean') return `CASE ${column} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END`;
  // Whole numbers as the JavaScript String() writes them (3, not 3.0).
  return `CASE WHEN ${column} = CAST(${column} AS INTEGER) THEN CAST(CAST(${column} AS INTEGER) AS TEXT) ELSE CAST(${column} AS TEXT) END`;
}

export interface SqliteWideElements {
  /**
   * Builds (or rebuilds) the wide table of a version from its element and property rows, yielding between short
   * write transactions. Null, with the table dropped, when cancelled, when the version is gone (deleted or pruned)
   * or when its model already serves a newer version.
   */
  build(projectId: string, version: number, isCancelled?: () => boolean): Promise<WideCatalog | null>;
  catalog(projectId: string, version: number): WideCatalog | null;
  /**
   * The wide set a project serves over its models' published versions: one version's own table, or a view joining
   * several (made on first use, replacing the project's earlier views). Null while any of them is not built.
   */
  servedCatalog(projectId: string, versions: readonly number[]): WideCatalog | null;
  /**
   * Drops the tables of the project's versions that `keep` rejects (all of them without it), and the project's
   * views over them.
   */
  dropTables(projectId: string, keep?: (version: number) => boolean): void;
}

export function createSqliteWideElements(db: SqliteDb, write: SqliteWrite): SqliteWideElements {
  // One pass over the version's property rows, in the database: what each column will hold.
  const stats = db.prepare(
    `SELECT "SetName" AS setName, "PropertyName" AS propertyName,
       SUM("Value" IS NOT NULL OR "NumericValue" IS NOT NULL) AS "values",
       COUNT("NumericValue") AS numeric,
       SUM(lower("Value") IN ('true', 'false')) AS boolean
     FROM ifc_properties WHERE project_id = ? AND version = ?
     GROUP BY "SetName", "PropertyName"`,
  );
  const properties = db
    .prepare(
      `SELECT "Id", "ElementExpressId", "SetName", "PropertyName", "Value", "NumericValue" FROM ifc_properties
       WHERE project_id = ? AND version = ? AND "Id" > ? ORDER BY "Id" LIMIT ${READ_PAGE}`,
    )
    .raw(true);
  const findCatalog = db.prepare(
    'SELECT table_name, columns FROM ifc_wide_catalogs WHERE project_id = ? AND version = ?',
  );
  const saveCatalog = db.prepare(
    `INSERT INTO ifc_wide_catalogs (project_id, version, table_name, columns) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, version) DO UPDATE SET table_name = excluded.table_name, columns = excluded.columns`,
  );
  /** The model's served version, for a version still kept (no row once it is deleted or pruned). */
  const servedVersion = db.prepare(
    `SELECT m.published_version AS version FROM versions v JOIN models m ON m.id = v.model_id
     WHERE v.project_id = ? AND v.version = ? AND v.retained = 1`,
  );
  const projectTables = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?",
  );
  const projectViews = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'view' AND substr(name, 1, ?) = ?",
  );
  const viewExists = db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'view' AND name = ?");

  function dropViews(projectId: string, except?: string): void {
    const prefix = viewPrefix(projectId);
    for (const { name } of projectViews.all(prefix.length, prefix) as { name: string }[])
      if (name !== except) write(() => db.exec(`DROP VIEW IF EXISTS ${q(name)}`));
  }

  function catalogOf(projectId: string, version: number): WideCatalog | null {
    const row = findCatalog.get(projectId, version) as { table_name: string; columns: string } | undefined;
    return row ? { table: row.table_name, columns: JSON.parse(row.columns) as WideColumn[] } : null;
  }

  function createTable(table: string, columns: WideColumn[]): void {
    const wide = columns.map((c) => `${q(c.name)} ${SQL_TYPE[c.type]}`);
    db.exec(`DROP TABLE IF EXISTS ${q(table)}`);
    db.exec(
      `CREATE TABLE ${q(table)} (
         project_id TEXT NOT NULL, version INTEGER NOT NULL, "Id" TEXT NOT NULL, model_id TEXT NOT NULL,
         model_name TEXT NOT NULL, version_number INTEGER NOT NULL, changed_at TEXT NOT NULL,
         "ExpressId" INTEGER NOT NULL,
         ${[columnsDdl(ELEMENT_COLUMNS, ['ExpressId']), ...wide].join(', ')},
         ${INEXACT_COLUMN} INTEGER
       )`,
    );
    db.exec(`CREATE UNIQUE INDEX ${q(`${table}_key`)} ON ${q(table)} (project_id, version, "Id")`);
    // Property rows name their element by ExpressId (unique within a version): the fill finds rows by it.
    db.exec(`CREATE INDEX ${q(`${table}_express`)} ON ${q(table)} ("ExpressId")`);
  }

  const elementRanges = versionKeyRanges(db, 'ifc_elements', { start: '', rows: ELEMENTS_PER_COPY });
  /** The element columns, in key ranges: a million-row copy would hold the API's event loop for seconds. */
  function copyElements(table: string, projectId: string, version: number, isCancelled: () => boolean) {
    // With the element's JSON flag (set by the feed preparation, which runs first): its doubles stay inexact here.
    const names = [...FIXED_COLUMNS, INEXACT_COLUMN].map(q).join(', ');
    const from = `INSERT INTO ${q(table)} (${names}) SELECT ${names} FROM ifc_elements
       WHERE project_id = ? AND version = ? AND "Id" > ?`;
    const range = db.prepare(`${from} AND "Id" <= ?`);
    const rest = db.prepare(from);
    return elementRanges.each(
      projectId,
      version,
      (after, end) =>
        write(() =>
          end === undefined ? rest.run(projectId, version, after) : range.run(projectId, version, after, end),
        ),
      isCancelled,
    );
  }

  /**
   * Fills the property columns element by element. The extractor writes an element's properties together, so
   * reading in row order gives one run per element; an element met again later only fills what is still empty,
   * which keeps the first value whatever the order (instance sets come before type sets and materials).
   */
  async function fillColumns(
    table: string,
    projectId: string,
    version: number,
    columns: WideColumn[],
    isCancelled: () => boolean,
  ): Promise<boolean> {
    const index = columnIndex(columns);
    const updates = new Map<string, ReturnType<SqliteDb['prepare']>>();
    const update = (positions: number[], inexact: boolean) => {
      const signature = `${positions.join(',')}${inexact ? '!' : ''}`;
      let statement = updates.get(signature);
      if (!statement) {
        if (updates.size > 1_000) updates.clear();
        const sets = positions.map((i) => `${q(columns[i]!.name)} = coalesce(${q(columns[i]!.name)}, ?)`);
        // A double SQLite would print inexactly makes the row's JSON the JavaScript encoder's (sqlite-json-pages).
        if (inexact) sets.push(`${INEXACT_COLUMN} = 1`);
        statement = db.prepare(`UPDATE ${q(table)} SET ${sets.join(', ')} WHERE "ExpressId" = ?`);
        updates.set(signature, statement);
      }
      return statement;
    };
    let pending: { expressId: number; values: Map<number, unknown> }[] = [];
    const flush = () => {
      const runs = pending;
      pending = [];
      write(() => {
        for (const run of runs) {
          const positions = [...run.values.keys()].sort((a, b) => a - b);
          if (!positions.length) continue;
          let inexact = false;
          const params = positions.map((i) => {
            const value = run.values.get(i);
            if (typeof value === 'number' && !printsExactly(value)) inexact = true;
            return typeof value === 'boolean' ? (value ? 1 : 0) : value;
          });
          update(positions, inexact).run([...params, run.expressId]);
        }
      });
    };
    let current: { expressId: number; values: Map<number, unknown> } | undefined;
    let after = -1;
    for (;;) {
      const rows = properties.all(projectId, version, after) as [
        number,
        number,
        string | null,
        string | null,
        string | null,
        number | null,
      ][];
      for (const [id, expressId, setName, propertyName, value, numeric] of rows) {
        after = id;
        const position = index.get(columnKey(setName, propertyName));
        if (position === undefined) continue;
        if (!current || current.expressId !== expressId) {
          if (pending.length >= ELEMENTS_PER_WRITE) {
            flush();
            // Between transactions: let other work (and a stop request) in.
            await new Promise((resolve) => setImmediate(resolve));
            if (isCancelled()) return false;
          }
          current = { expressId, values: new Map() };
          pending.push(current);
        }
        if (current.values.has(position)) continue;
        const typed = wideValue(columns[position]!.type, value, numeric);
        if (typed !== null) current.values.set(position, typed);
      }
      if (rows.length < READ_PAGE) break;
    }
    flush();
    return true;
  }

  return {
    async build(projectId, version, isCancelled = () => false) {
      const columns = planWideColumns(stats.all(projectId, version) as PropertyStats[]);
      const table = wideTableName(projectId, version);
      write(() => createTable(table, columns));
      const complete =
        (await copyElements(table, projectId, version, isCancelled)) &&
        (await fillColumns(table, projectId, version, columns, isCancelled));
      // The catalog row last (until it exists nothing reads the table), unless the version is already obsolete.
      return write(() => {
        const current = servedVersion.get(projectId, version) as { version: number } | undefined;
        if (!complete || isCancelled() || !current || current.version > version) {
          db.exec(`DROP TABLE IF EXISTS ${q(table)}`);
          return null;
        }
        saveCatalog.run(projectId, version, table, JSON.stringify(columns));
        return { table, columns };
      });
    },
    catalog: catalogOf,
    servedCatalog(projectId, versions) {
      if (versions.length === 1) return catalogOf(projectId, versions[0]!);
      const parts = versions.map((v) => catalogOf(projectId, v));
      if (!parts.length || parts.some((p) => p === null)) return null;
      const catalogs = parts as WideCatalog[];
      const columns = mergeWideColumns(catalogs);
      // Named after what it joins: the same project state finds its view again.
      const state = createHash('sha256')
        .update(JSON.stringify([catalogs.map((c) => c.table), columns]))
        .digest('hex')
        .slice(0, 16);
      const view = `${viewPrefix(projectId)}${state}`;
      if (!viewExists.get(view)) {
        const selects = catalogs.map((catalog) => {
          const own = columnIndex(catalog.columns);
          const values = columns.map((c) => {
            const at = own.get(columnKey(c.setName, c.propertyName));
            return `${mergedValue(at === undefined ? undefined : catalog.columns[at], c)} AS ${q(c.name)}`;
          });
          return `SELECT ${[...FIXED_COLUMNS.map(q), ...values, INEXACT_COLUMN].join(', ')} FROM ${q(catalog.table)}`;
        });
        write(() => {
          db.exec(`CREATE VIEW IF NOT EXISTS ${q(view)} AS ${selects.join(' UNION ALL ')}`);
        });
        dropViews(projectId, view);
      }
      return { table: view, columns };
    },
    dropTables(projectId, keep) {
      // Views over the tables go first (a view over a dropped table fails when read); they are made again on use.
      dropViews(projectId);
      const prefix = tablePrefix(projectId);
      const tables = (projectTables.all(prefix.length, prefix) as { name: string }[]).map((r) => r.name);
      for (const table of tables) {
        const version = Number(table.slice(prefix.length));
        if (keep && Number.isInteger(version) && keep(version)) continue;
        write(() => db.exec(`DROP TABLE IF EXISTS ${q(table)}`));
      }
    },
  };
}
