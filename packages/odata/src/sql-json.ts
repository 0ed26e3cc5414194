import { type EdmPrimitive, type EntityType, columnOf, findProperty } from './model';
import { quoteIdent } from './sql-types';

/** The output column holding a row's JSON when a query is compiled `asJson`. */
export const JSON_COLUMN = '$json';

/**
 * SQLite's json_object takes at most 127 arguments by default (SQLITE_MAX_FUNCTION_ARG): two per property. Wider
 * entities (a per-project wide set has a column per IFC property) are written as several objects spliced together.
 */
export const JSON_OBJECT_MEMBERS = 63;

/**
 * Types whose OData JSON form SQLite's json_object writes itself: strings, integers, booleans (stored 0/1),
 * doubles and date-times (stored as `toISOString()` text). Doubles only print exactly when 15 significant digits
 * hold them (SQLite prints `%!.15g`); the store marks the rows where that is not so, and encodes those rows itself.
 */
const SQL_JSON_TYPES = new Set<EdmPrimitive>([
  'Edm.String',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Boolean',
  'Edm.Double',
  'Edm.DateTimeOffset',
]);

/**
 * A DateTimeOffset column's JSON string: text already in the canonical form (what the stores write, and what
 * dateTimeOffsetJson returns unchanged) as is, cheaply recognised; other forms converted to UTC by SQLite's date
 * functions as the JavaScript encoder converts them, and text neither can read as it is.
 */
function dateTimeOffsetSql(column: string): string {
  return (
    `CASE WHEN length(${column}) = 24 AND substr(${column}, 11, 1) = 'T' AND substr(${column}, 20, 1) = '.' ` +
    `AND substr(${column}, 24, 1) = 'Z' THEN ${column} ` +
    `ELSE coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', ${column}), ${column}) END`
  );
}

/** True when every listed property can be written by SQLite as OData JSON (minimal metadata). */
export function canEncodeJsonInSql(type: EntityType, properties: readonly string[]): boolean {
  return properties.every((name) => {
    const p = findProperty(type, name);
    return p !== undefined && SQL_JSON_TYPES.has(p.type);
  });
}

/**
 * `json_object('Name', "t0"."Name", …)`: one entity's OData JSON (no per-entity annotations, as in minimal
 * metadata), built by SQLite while it reads the row. Booleans stored as 0/1 become true/false; NULL stays null.
 */
export function sqlJsonObject(type: EntityType, properties: readonly string[], alias: string): string {
  const members = properties.map((name) => {
    const p = findProperty(type, name);
    if (!p || !SQL_JSON_TYPES.has(p.type))
      throw new Error(`Property ${name} cannot be encoded as JSON in SQL`);
    const column = `${quoteIdent(alias)}.${quoteIdent(columnOf(p))}`;
    const value =
      p.type === 'Edm.Boolean'
        ? `CASE WHEN ${column} IS NULL THEN NULL WHEN ${column} THEN json('true') ELSE json('false') END`
        : p.type === 'Edm.DateTimeOffset'
          ? dateTimeOffsetSql(column)
          : column;
    return `'${name.replace(/'/g, "''")}', ${value}`;
  });
  if (members.length <= JSON_OBJECT_MEMBERS) return `json_object(${members.join(', ')})`;
  const objects: string[] = [];
  for (let i = 0; i < members.length; i += JSON_OBJECT_MEMBERS) {
    objects.push(`json_object(${members.slice(i, i + JSON_OBJECT_MEMBERS).join(', ')})`);
  }
  // Every member is a scalar, so each object's text is '{"…' and ends in exactly one '}' (a string value ends in
  // '"'): dropping the inner braces and joining with commas makes one object, members in order.
  const last = objects.length - 1;
  return objects
    .map((o, i) =>
      i === 0 ? `rtrim(${o}, '}')` : i === last ? `ltrim(${o}, '{')` : `ltrim(rtrim(${o}, '}'), '{')`,
    )
    .join(" || ',' || ");
}

/**
 * A condition true when SQLite would print one of these REAL columns inexactly in JSON (more than 15
 * significant digits, or an infinity): such rows are encoded by the caller instead.
 */
export function sqlJsonInexactCondition(columns: readonly string[]): string {
  if (!columns.length) return '0';
  return columns
    .map((c) => {
      const q = quoteIdent(c);
      return `(${q} IS NOT NULL AND ${q} IS NOT CAST(printf('%!.15g', ${q}) AS REAL))`;
    })
    .join(' OR ');
}
