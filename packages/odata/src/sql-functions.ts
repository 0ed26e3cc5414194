import type { CallNode, Expr } from './ast';
import { ODataNotImplementedError } from './errors';
import type { SqlContext } from './sql-expression';
import { type SqlFragment, escapeLike } from './sql-types';
import { unicodeCase } from './sql-unicode-case';

const MAX_DATE_TIME = '9999-12-31T23:59:59.999Z';
const MIN_DATE_TIME = '0001-01-01T00:00:00.000Z';

function f(sql: string, ...parts: SqlFragment[]): SqlFragment {
  return {
    sql: sql.replace(/\$(\d)/g, (_m, n: string) => parts[Number(n)]?.sql ?? ''),
    params: orderedParams(sql, parts),
  };
}

/** Params follow the order in which `$n` placeholders appear in the template. */
function orderedParams(sql: string, parts: SqlFragment[]): SqlFragment['params'] {
  const out: SqlFragment['params'] = [];
  for (const m of sql.matchAll(/\$(\d)/g)) out.push(...(parts[Number(m[1])]?.params ?? []));
  return out;
}

function stringLiteralArg(e: Expr | undefined): string | undefined {
  return e?.kind === 'literal' && e.type === 'string' ? (e.value as string) : undefined;
}

/** Length in code points, as SQLite's length() counts them. */
function codePoints(s: string): number {
  return Array.from(s).length;
}

/**
 * Built-in functions in SQLite. String matching is case-sensitive like OData: instr()/substr()
 * by default, or LIKE with escaped wildcards where the caller enabled case_sensitive_like.
 * Date parts assume the canonical text forms (`toISOString()` for DateTimeOffset, `YYYY-MM-DD`).
 */
export function compileSqlCall(e: CallNode, ctx: SqlContext, sub: (x: Expr) => SqlFragment): SqlFragment {
  const a = e.args.map(sub);
  const [x, y, z] = a as [SqlFragment, SqlFragment, SqlFragment];
  const lit = stringLiteralArg(e.args[1]);
  const like = (pattern: string): SqlFragment => ({
    sql: `(${x.sql} LIKE ? ESCAPE '\\')`,
    params: [...x.params, pattern],
  });
  switch (e.name) {
    case 'contains':
      if (lit !== undefined && ctx.stringMatch === 'like') return like(`%${escapeLike(lit)}%`);
      return f('(instr($0, $1) > 0)', x, y);
    case 'startswith':
      if (lit !== undefined && ctx.stringMatch === 'like') return like(`${escapeLike(lit)}%`);
      if (lit !== undefined)
        return { sql: `(substr(${x.sql}, 1, ?) = ?)`, params: [...x.params, codePoints(lit), lit] };
      return f('(substr($0, 1, length($1)) = $1)', x, y);
    case 'endswith':
      if (lit !== undefined && ctx.stringMatch === 'like') return like(`%${escapeLike(lit)}`);
      if (lit === '') return f('(length($0) >= 0)', x);
      if (lit !== undefined)
        return { sql: `(substr(${x.sql}, ?) = ?)`, params: [...x.params, -codePoints(lit), lit] };
      return f(
        '(CASE WHEN $0 IS NULL OR $1 IS NULL THEN NULL WHEN length($1) = 0 THEN 1 ELSE substr($0, -length($1)) = $1 END)',
        x,
        y,
      );
    case 'length':
      return f('length($0)', x);
    case 'indexof':
      return f('(instr($0, $1) - 1)', x, y);
    case 'substring':
      if (a.length === 2) return f('substr($0, max($1, 0) + 1)', x, y);
      return f('substr($0, max($1, 0) + 1, max($2, 0))', x, y, z);
    case 'tolower':
      return ctx.caseMapTable ? unicodeCase(x, ctx.caseMapTable, 'lower') : f('lower($0)', x);
    case 'toupper':
      return ctx.caseMapTable ? unicodeCase(x, ctx.caseMapTable, 'upper') : f('upper($0)', x);
    case 'trim':
      return f('trim($0)', x);
    case 'concat':
      return f('($0 || $1)', x, y);
    case 'year':
      return f("CAST(strftime('%Y', $0) AS INTEGER)", x);
    case 'month':
      return f("CAST(strftime('%m', $0) AS INTEGER)", x);
    case 'day':
      return f("CAST(strftime('%d', $0) AS INTEGER)", x);
    case 'hour':
      return f("CAST(strftime('%H', $0) AS INTEGER)", x);
    case 'minute':
      return f("CAST(strftime('%M', $0) AS INTEGER)", x);
    case 'second':
      return f("CAST(strftime('%S', $0) AS INTEGER)", x);
    case 'fractionalseconds':
      return f("round(CAST(strftime('%f', $0) AS REAL) - CAST(strftime('%S', $0) AS INTEGER), 3)", x);
    case 'date':
      return f('date($0)', x);
    case 'time':
      return f("strftime('%H:%M:%f', $0)", x);
    case 'totaloffsetminutes':
      // Values are stored in UTC, so the offset is always zero.
      return f('(CASE WHEN $0 IS NULL THEN NULL ELSE 0 END)', x);
    case 'now':
      return { sql: '?', params: [ctx.now().toISOString()] };
    case 'maxdatetime':
      return { sql: '?', params: [MAX_DATE_TIME] };
    case 'mindatetime':
      return { sql: '?', params: [MIN_DATE_TIME] };
    case 'round':
      return f('round($0)', x);
    case 'floor':
      return f('floor($0)', x);
    case 'ceiling':
      return f('ceil($0)', x);
    default:
      throw new ODataNotImplementedError(`Function ${e.name} is not supported by the SQL store`, e.name);
  }
}
