import { expandRepeats, flatRowCount, flattenBatch, type FlatRowBatch, type RowBatch } from '@aec/ifc';
import {
  ELEMENT_COLUMNS,
  elementColumnNames,
  propertyColumnNames,
  spatialColumnNames,
  storedElementColumnNames,
  type ColumnType,
} from '../row-columns';
import type { PreparationFailure, RowContext, RowRepository, StoredElementRow } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { SqliteWideElements } from './sqlite-wide-elements';
import { createSqliteFeedPreparation } from './sqlite-feed-preparation';
import type { RemoveVersionRows } from './sqlite-version-rows';
import { createSqliteChanges } from './sqlite-changes';
import { createStagedElements, STAGED_ELEMENTS_TABLE } from './sqlite-staged-elements';
import { ELEMENT_SHAPE, PROPERTY_SHAPE } from './interned-rows';
import { internedInsert } from './sqlite-interned-insert';
import {
  insertInStatements,
  SHARED,
  sharedValuesOf,
  stored,
  storedNames,
  type SharedColumn,
} from './sqlite-row-statements';

/** Tests size their batches by it. */
export { ROWS_PER_STATEMENT } from './sqlite-row-statements';

const PAGE = 2000;
const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

const booleanColumns = (Object.entries(ELEMENT_COLUMNS) as [string, ColumnType][])
  .filter(([, type]) => type === 'boolean')
  .map(([name]) => name);

/** The column order of flat row batches bound by the insert statements below. */
export const SQLITE_ROW_ORDER = {
  elements: storedElementColumnNames,
  properties: propertyColumnNames,
  spatial: spatialColumnNames,
} as const;

interface FlatTable {
  table: string;
  columns: readonly string[];
  /** Columns stored as 0/1: libsql aborts the process on a boolean parameter, so they are converted before binding. */
  booleanAt: number[];
  /** Element rows also store their key, made from the model and the GlobalId (see elementKey). */
  key?: { globalIdAt: number; expressIdAt: number };
  /** Element rows also store when they last changed. */
  changedAt?: boolean;
  /** Rows go to a staging table without a key constraint: repeated keys are resolved when they are moved. */
  staged?: boolean;
}

/**
 * Multi-row INSERT statements over flat values. Each statement binds exactly the values of its rows, then the
 * values the rows share (SHARED) as the last parameters (numbered parameters let every row refer to them), so a
 * batch's flat array is bound in slices without building a row at a time.
 *
 * Element keys are `<modelId>:<GlobalId>`, so an unchanged element keeps its key from one version to the next;
 * `<modelId>:~<ExpressId>` when the GlobalId is missing. A GlobalId repeated within a version (invalid, but seen)
 * is not stored by the bulk statement (ON CONFLICT DO NOTHING); the statement's change count shows it, and the
 * repeats are then stored one by one as `#2`, `#3`… in arrival order. The common case pays nothing for this.
 */
function flatInsert(db: SqliteDb, spec: FlatTable) {
  const width = spec.columns.length;
  const shared = spec.changedAt ? SHARED : SHARED.slice(0, -1);
  // Staged rows store none of the shared values (the move adds them): only the model, for the key, is bound.
  const boundShared: readonly SharedColumn[] = spec.staged ? ['model_id'] : shared;
  const storedShared = spec.staged ? [] : shared;
  const key = spec.key;
  const conflicts = key !== undefined && !spec.staged;
  const statements = new Map<number, ReturnType<SqliteDb['prepare']>>();
  const statementFor = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      const sharedAt = boundShared.map((_, i) => `?${rows * width + i + 1}`);
      const modelId = sharedAt[boundShared.indexOf('model_id')]!;
      const tuples = Array.from({ length: rows }, (_, r) => {
        const at = (column: number) => `?${r * width + column + 1}`;
        const keyValue = key
          ? `${modelId} || ':' || CASE WHEN coalesce(${at(key.globalIdAt)}, '') = '' ` +
            `THEN '~' || CAST(${at(key.expressIdAt)} AS INTEGER) ELSE ${at(key.globalIdAt)} END`
          : '';
        const values = [
          ...sharedAt.slice(0, storedShared.length),
          keyValue,
          ...spec.columns.map((_, c) => at(c)),
        ];
        return `(${values.filter(Boolean).join(', ')})`;
      });
      const columns = [...storedShared, key ? '"Id"' : '', stored(spec.columns)];
      statement = db.prepare(
        `INSERT INTO ${spec.table} (${columns.filter(Boolean).join(', ')})
         VALUES ${tuples.join(', ')}${conflicts ? ' ON CONFLICT DO NOTHING' : ''}`,
      );
      statements.set(rows, statement);
    }
    return statement;
  };
  const repeats = conflicts
    ? {
        stored: db.prepare(
          `SELECT "ExpressId" FROM ${spec.table} WHERE project_id = ? AND version = ? AND "Id" = ?`,
        ),
        numbered: db.prepare(
          `SELECT COUNT(*) AS n FROM ${spec.table} WHERE project_id = ? AND version = ? AND "Id" > ? AND "Id" < ?`,
        ),
        insertOne: db.prepare(
          `INSERT INTO ${spec.table} (${stored(spec.columns)}, ${shared.join(', ')}, "Id")
       VALUES (${[...spec.columns, ...shared, 'Id'].map((_, i) => `?${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING`,
        ),
      }
    : undefined;
  /** Stores the rows of a statement that the bulk insert skipped because their GlobalId was already stored. */
  function storeRepeats(values: unknown[], first: number, count: number, sharedValues: unknown[]): void {
    const [projectId, version, modelId] = sharedValues as [string, number, string];
    for (let r = first; r < first + count; r++) {
      const globalId = values[r * width + key!.globalIdAt];
      const expressId = values[r * width + key!.expressIdAt];
      if (typeof globalId !== 'string' || globalId === '') continue;
      const base = `${modelId}:${globalId}`;
      const stored = repeats!.stored.get(projectId, version, base) as { ExpressId: number } | undefined;
      if (stored?.ExpressId === expressId) continue;
      // '#' sorts just before '$': the range holds exactly the numbered repeats of this key.
      let n = (repeats!.numbered.get(projectId, version, `${base}#`, `${base}$`) as { n: number }).n + 2;
      const row = values.slice(r * width, (r + 1) * width);
      while (repeats!.insertOne.run([...row, ...sharedValues, `${base}#${n}`]).changes === 0) n++;
    }
  }
  return (projectId: string, version: number, context: RowContext, values: unknown[] | undefined): number => {
    const rows = flatRowCount(values, width);
    if (!values || !rows) return 0;
    expandRepeats(values, width);
    for (const column of spec.booleanAt) {
      for (let i = column; i < values.length; i += width) {
        const value = values[i];
        if (typeof value === 'boolean') values[i] = value ? 1 : 0;
      }
    }
    const byColumn = sharedValuesOf(projectId, version, context);
    const sharedValues = boundShared.map((column) => byColumn[column]);
    insertInStatements(values, rows, width, sharedValues, statementFor, (first, count, stored) => {
      if (conflicts && stored < count) storeRepeats(values, first, count, sharedValues);
    });
    return rows;
  };
}

export interface SqliteRowInserter {
  /**
   * Stores one flat batch (SQLITE_ROW_ORDER, booleans allowed; repeat marks and booleans are converted in place) in one
   * write transaction, and returns how many rows of each kind it held. Property rows may come interned instead
   * (propertyValues and propertyDefs; elementValues and elementDefs on a staging connection), each shape numbered by
   * one DefNumbers per connection and job. Without a context, the row version's record
   * gives it (see RowRepository.insertBatch).
   */
  insertFlat(
    projectId: string,
    version: number,
    batch: FlatRowBatch,
    context?: RowContext,
  ): { elements: number; properties: number; spatial: number };
  /**
   * With `stageElements`: moves the staged element rows of the row version into the element table, in one write
   * transaction. Called once, after the last batch; until then the element table holds none of them.
   */
  moveStagedElements(projectId: string, version: number, context?: RowContext): void;
}

/** Finds the context of a row version written without one; null when the project does not exist. */
export type ResolveRowContext = (projectId: string, version: number) => RowContext | null;

/** An interned insert this connection has, or the sender's mistake: rows it cannot store are never dropped. */
function interned<T>(insert: T | null, kind: string): T {
  if (!insert) throw new Error(`interned ${kind} rows are only stored by a staging row writer`);
  return insert;
}

export function createSqliteRowInserter(
  db: SqliteDb,
  write: SqliteWrite,
  resolveContext: ResolveRowContext,
  options: {
    /** Stage element rows on this connection until moveStagedElements (the row-writer thread; see why there). */
    stageElements?: boolean;
  } = {},
): SqliteRowInserter {
  const elementTable: FlatTable = {
    table: 'ifc_elements',
    columns: storedElementColumnNames,
    booleanAt: booleanColumns.map((name) => (elementColumnNames as string[]).indexOf(name)),
    key: {
      globalIdAt: elementColumnNames.indexOf('GlobalId'),
      expressIdAt: elementColumnNames.indexOf('ExpressId'),
    },
    changedAt: true,
  };
  const directElements = flatInsert(db, elementTable);
  const staging = options.stageElements
    ? createStagedElements(db, storedNames(storedElementColumnNames), SHARED)
    : null;
  const elements = staging
    ? flatInsert(db, { ...elementTable, table: STAGED_ELEMENTS_TABLE, staged: true })
    : directElements;
  const contextOf = (projectId: string, version: number, given?: RowContext) => {
    const context = given ?? resolveContext(projectId, version);
    if (!context) throw new Error(`project ${projectId} does not exist`);
    return context;
  };
  const properties = flatInsert(db, { table: 'ifc_properties', columns: propertyColumnNames, booleanAt: [] });
  const internedProperties = internedInsert(db, {
    table: 'ifc_properties',
    defsTable: 'property_defs',
    shape: PROPERTY_SHAPE,
    storedShared: SHARED.slice(0, -1),
  });
  // Interned element rows come only to a staging connection (the row writer's): the move resolves repeated keys.
  const internedElements = staging
    ? internedInsert(db, {
        table: STAGED_ELEMENTS_TABLE,
        defsTable: 'element_defs',
        shape: ELEMENT_SHAPE,
        storedShared: [],
        key: true,
      })
    : null;
  const spatial = flatInsert(db, { table: 'ifc_spatial', columns: spatialColumnNames, booleanAt: [] });
  return {
    insertFlat: (projectId, version, batch, given) =>
      write(() => {
        const context = contextOf(projectId, version, given);
        return {
          elements:
            elements(projectId, version, context, batch.elements) +
            (batch.elementValues || batch.elementDefs
              ? interned(internedElements, 'element')(
                  projectId,
                  version,
                  context,
                  batch.elementValues,
                  batch.elementDefs,
                )
              : 0),
          properties:
            properties(projectId, version, context, batch.properties) +
            (batch.propertyValues || batch.propertyDefs
              ? internedProperties(projectId, version, context, batch.propertyValues, batch.propertyDefs)
              : 0),
          spatial: spatial(projectId, version, context, batch.spatial),
        };
      }),
    moveStagedElements: (projectId, version, given) =>
      write(() => {
        if (!staging) return;
        const context = contextOf(projectId, version, given);
        const byColumn = sharedValuesOf(projectId, version, context);
        // Rows whose key was taken go through the direct insert, which numbers repeated GlobalIds (#2, #3…).
        staging.move(
          SHARED.map((column) => byColumn[column]),
          (values) => directElements(projectId, version, context, values),
        );
      }),
  };
}

export function createSqliteRowRepository(
  db: SqliteDb,
  write: SqliteWrite,
  wide: SqliteWideElements,
  removeRows: RemoveVersionRows,
  resolveContext: ResolveRowContext,
): RowRepository {
  const preparation = createSqliteFeedPreparation(db, write);
  const inserter = createSqliteRowInserter(db, write, resolveContext);
  const changes = createSqliteChanges(db, write);
  const recordFailure = db.prepare(
    `INSERT INTO ifc_preparation_failures (project_id, version, attempts, error)
     SELECT id, ?, 1, ? FROM projects WHERE id = ?
     ON CONFLICT (project_id, version) DO UPDATE SET attempts = attempts + 1, error = excluded.error
     RETURNING attempts`,
  );
  const findFailure = db.prepare(
    'SELECT attempts, error FROM ifc_preparation_failures WHERE project_id = ? AND version = ?',
  );
  const page = db.prepare(
    `SELECT "Id", project_id AS "ProjectId", model_id AS "ModelId", model_name AS "ModelName",
       version_number AS "VersionNumber", changed_at AS "ChangedAt", ${quoted(elementColumnNames)} FROM ifc_elements
     WHERE project_id = ? AND version = ? AND "Id" > ? ORDER BY "Id" LIMIT ${PAGE}`,
  );
  const publishedVersions = db.prepare(
    'SELECT published_version AS version FROM models WHERE project_id = ? AND published_version > 0 ORDER BY rowid',
  );
  const count = (table: string) =>
    db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ? AND version = ?`);
  const counts = {
    elements: count('ifc_elements'),
    properties: count('ifc_properties'),
    spatial: count('ifc_spatial'),
  };
  const n = (statement: typeof page, projectId: string, version: number) =>
    (statement.get(projectId, version) as { n: number }).n;

  return {
    async insertBatch(projectId, version, batch: RowBatch, context) {
      inserter.insertFlat(projectId, version, flattenBatch(batch, SQLITE_ROW_ORDER), context);
    },
    async deleteVersion(projectId, version) {
      removeRows(projectId, version);
    },
    async *streamElements(projectId, version) {
      const versions =
        version === undefined
          ? (publishedVersions.all(projectId) as { version: number }[]).map((v) => v.version)
          : [version];
      for (const v of versions) {
        // Keyset pages along the primary key.
        let after = '';
        for (;;) {
          const rows = page.all(projectId, v, after) as Record<string, unknown>[];
          for (const row of rows) {
            for (const name of booleanColumns) if (row[name] !== null) row[name] = row[name] === 1;
            yield row as unknown as StoredElementRow;
          }
          if (rows.length < PAGE) break;
          after = rows[rows.length - 1]!.Id as string;
        }
      }
    },
    async buildWideElements(projectId, version, options) {
      await preparation.prepare(projectId, version, options?.isCancelled);
      return wide.build(projectId, version, options?.isCancelled);
    },
    async publishedAwaitingPreparation() {
      return preparation.awaiting();
    },
    async wideCatalog(projectId, version) {
      return wide.catalog(projectId, version);
    },
    async servedWideCatalog(projectId, versions) {
      return wide.servedCatalog(projectId, versions);
    },
    async recordPreparationFailure(projectId, version, error) {
      // A project deleted meanwhile has nothing to record: no row comes back.
      const row = write(
        () => recordFailure.get(version, error, projectId) as { attempts: number } | undefined,
      );
      return row?.attempts ?? 0;
    },
    async preparationFailure(projectId, version) {
      const row = findFailure.get(projectId, version) as PreparationFailure | undefined;
      return row ? { attempts: row.attempts, error: row.error } : null;
    },
    async computeChanges(projectId, version, previousVersion, options) {
      return changes.compute(projectId, version, previousVersion, options?.isCancelled);
    },
    async countElements(projectId, version) {
      return n(counts.elements, projectId, version);
    },
    async countAll(projectId, version) {
      return {
        elements: n(counts.elements, projectId, version),
        properties: n(counts.properties, projectId, version),
        spatial: n(counts.spatial, projectId, version),
      };
    },
  };
}
