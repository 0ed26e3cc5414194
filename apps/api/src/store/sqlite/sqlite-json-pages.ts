import {
  canEncodeJsonInSql,
  compileSqlQuery,
  createEntityEncoder,
  type EntityModel,
  type EntityType,
  type QueryOptions,
  type SqlFragment,
  type SqlValue,
} from '@aec/odata';
import type { VisibleVersion } from '../feed-types';
import { WIDE_ENTITY_SET } from '../wide-columns';
import type { SqliteDb } from './database';

/** Set by sqlite-feed-preparation on rows holding a double SQLite would print inexactly in JSON. */
export const INEXACT_COLUMN = 'json_inexact';
/** Sets whose tables carry the flag (migration 6); wide tables carry it when built since it exists. */
const JSON_SETS = new Set(['IFCElements', 'IFCProperties']);

export interface InexactRowsContext {
  entitySet: string;
  type: EntityType;
  model: EntityModel;
  query: QueryOptions;
  /** The page's access scope: the rows re-read here are the page's own. */
  scope: SqlFragment;
}

/**
 * Pages whose entity JSON SQLite writes itself (json_object), for the sets and versions where it prints every value
 * exactly; the few flagged rows are re-read and encoded here.
 */
export function createSqliteJsonPages(db: SqliteDb) {
  /** Wide tables known to have the flag column (those built before it are served by the JavaScript encoder). */
  const flagged = new Set<string>();
  function hasFlag(table: string): boolean {
    if (flagged.has(table)) return true;
    const columns = db.prepare(`PRAGMA table_info("${table.replace(/"/g, '""')}")`).all() as {
      name: string;
    }[];
    if (!columns.some((c) => c.name === INEXACT_COLUMN)) return false;
    flagged.add(table);
    return true;
  }

  /** True when every version was checked for rows whose JSON SQLite cannot write exactly. */
  function checked(versions: readonly VisibleVersion[]): boolean {
    if (!versions.length) return false;
    const found = db
      .prepare(
        `SELECT COUNT(*) AS n FROM ifc_json_checked
         WHERE (project_id, version) IN (VALUES ${versions.map(() => '(?, ?)').join(', ')})`,
      )
      .get(...versions.flatMap((v) => [v.id, v.version])) as { n: number };
    return found.n === versions.length;
  }

  return {
    usable(entitySet: string, type: EntityType, columns: string[], published: readonly VisibleVersion[]) {
      return (
        (JSON_SETS.has(entitySet) ||
          (entitySet === WIDE_ENTITY_SET && type.table !== undefined && hasFlag(type.table))) &&
        canEncodeJsonInSql(type, columns) &&
        checked(published)
      );
    },

    /** Replaces the JSON of flagged rows (first column) with the encoder's, from the rows' stored values. */
    encodeInexactRows(rows: unknown[][], rowColumns: string[], ctx: InexactRowsContext): void {
      const flag = rowColumns.indexOf(INEXACT_COLUMN);
      const inexact = rows.filter((row) => row[flag] === 1);
      if (!inexact.length) return;
      const key = ctx.type.key[0]!;
      const keyIndex = rowColumns.indexOf(key);
      const keys = inexact.map((row) => row[keyIndex] as SqlValue);
      const compiled = compileSqlQuery(
        { select: ctx.query.select },
        {
          model: ctx.model,
          entityType: ctx.entitySet,
          scope: {
            sql: `${ctx.scope.sql} AND "t0"."${key}" IN (${keys.map(() => '?').join(', ')})`,
            params: [...ctx.scope.params, ...keys],
          },
        },
      );
      const encode = createEntityEncoder({
        model: ctx.model,
        entityType: ctx.type,
        entitySet: ctx.entitySet,
        serviceRoot: '',
        properties: compiled.columns,
        rowColumns: compiled.outputColumns,
      });
      const storedKey = compiled.outputColumns.indexOf(key);
      const stored = db
        .prepare(compiled.sql)
        .raw(true)
        .all(...compiled.params) as unknown[][];
      const encoded = new Map(stored.map((row) => [row[storedKey], encode(row)]));
      for (const row of inexact) row[0] = encoded.get(row[keyIndex]);
    },
  };
}
