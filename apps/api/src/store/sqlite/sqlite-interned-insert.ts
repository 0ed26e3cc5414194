import { expandRepeats, flatRowCount } from '@aec/ifc';
import type { RowContext } from '../types';
import type { SqliteDb } from './database';
import { defWidth, internedWidth, type ColumnShape } from './interned-rows';
import { insertInStatements, sharedValuesOf, storedNames, type SharedColumn } from './sqlite-row-statements';

export interface InternedTable {
  /** Where the rows go. */
  table: string;
  /** The connection's TEMP table of this shape's definitions (a name without schema). */
  defsTable: string;
  shape: ColumnShape;
  /** Shared values stored on each row, bound once per statement after the rows' values. */
  storedShared: readonly SharedColumn[];
  /** Element rows also store their key, made from the model and the GlobalId (see flatInsert). */
  key?: boolean;
}

/**
 * Rows in their interned form (interned-rows.ts): each row binds its own values and its definition's number, and
 * the INSERT joins the definition's columns back from the connection's TEMP table of definitions, which each batch
 * first extends (or, numbering having started over, overwrites) with the definitions it brings. The CROSS JOIN keeps
 * the VALUES list the outer loop, so rows are stored in arrival order (their rowid, a property's "Id"), as with every
 * column bound. A number without its definition would drop its row: refused as the sender's bug, the batch rolled
 * back.
 */
export function internedInsert(db: SqliteDb, spec: InternedTable) {
  const { shape } = spec;
  const width = internedWidth(shape);
  const own = storedNames(shape.own);
  const defColumns = storedNames(shape.defs);
  const boundShared: readonly SharedColumn[] = spec.key ? ['model_id'] : spec.storedShared;
  let insertDef: ReturnType<SqliteDb['prepare']> | null = null;
  const statements = new Map<number, ReturnType<SqliteDb['prepare']>>();
  const statementFor = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      const tuples = Array.from(
        { length: rows },
        (_, r) => `(${Array.from({ length: width }, (_, c) => `?${r * width + c + 1}`).join(', ')})`,
      );
      const sharedAt = boundShared.map((_, i) => `?${rows * width + i + 1}`);
      const ownAt = (name: string) => `v.column${shape.own.indexOf(name) + 1}`;
      const key = spec.key
        ? `${sharedAt[0]} || ':' || CASE WHEN coalesce(${ownAt('GlobalId')}, '') = '' ` +
          `THEN '~' || CAST(${ownAt('ExpressId')} AS INTEGER) ELSE ${ownAt('GlobalId')} END`
        : '';
      const columns = [...spec.storedShared, key ? '"Id"' : '', ...own, ...defColumns].filter(Boolean);
      const selected = [
        ...sharedAt.slice(0, spec.storedShared.length),
        key,
        ...own.map((_, i) => `v.column${i + 1}`),
        ...defColumns.map((c) => `d.${c}`),
      ].filter(Boolean);
      statement = db.prepare(
        `INSERT INTO ${spec.table} (${columns.join(', ')}) SELECT ${selected.join(', ')}
         FROM (VALUES ${tuples.join(', ')}) AS v CROSS JOIN temp.${spec.defsTable} AS d ON d.id = v.column${width}`,
      );
      statements.set(rows, statement);
    }
    return statement;
  };
  const defsTable = () => {
    if (!insertDef) {
      db.exec(
        `CREATE TEMP TABLE IF NOT EXISTS ${spec.defsTable} (id INTEGER PRIMARY KEY, ${defColumns.join(', ')})`,
      );
      insertDef = db.prepare(
        `INSERT OR REPLACE INTO temp.${spec.defsTable} (id, ${defColumns.join(', ')})
         VALUES (${Array.from({ length: defWidth(shape) }, () => '?').join(', ')})`,
      );
    }
    return insertDef;
  };
  return (
    projectId: string,
    version: number,
    context: RowContext,
    values: unknown[] | undefined,
    newDefs: unknown[] | undefined,
  ): number => {
    const insert = defsTable();
    const dw = defWidth(shape);
    const defCount = flatRowCount(newDefs, dw);
    for (let d = 0; d < defCount; d++) insert.run(newDefs!.slice(d * dw, (d + 1) * dw));
    const rows = flatRowCount(values, width);
    if (!values || !rows) return 0;
    expandRepeats(values, width);
    const byColumn = sharedValuesOf(projectId, version, context);
    const sharedValues = boundShared.map((column) => byColumn[column]);
    insertInStatements(values, rows, width, sharedValues, statementFor, (_, count, stored) => {
      if (stored !== count)
        throw new Error(`${count - stored} of ${count} rows refer to a definition never sent`);
    });
    return rows;
  };
}
