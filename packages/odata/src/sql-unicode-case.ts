import type { SqlFragment } from './sql-types';

/** Matches a text holding any character outside ASCII (GLOB classes work on characters, not bytes). */
const NON_ASCII_GLOB = `*[^${String.fromCharCode(1)}-${String.fromCharCode(127)}]*`;
const SIGMA = 'Σ';

/**
 * Rows for the case-map table (SqlCompileOptions.caseMapTable): every non-ASCII code point whose
 * toLowerCase() or toUpperCase() differs from itself, with both (some are longer: 'ß' → 'SS', 'İ' → 'i̇').
 */
export function* unicodeCaseRows(): Generator<[string, string, string]> {
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (lower !== ch || upper !== ch) yield [ch, lower, upper];
  }
}

/**
 * tolower/toupper as JavaScript maps them. ASCII-only texts (most values) take SQLite's own lower()/upper(); any
 * other is mapped character by character through the table, in order. The one context-dependent mapping of
 * toLowerCase, a capital sigma ending a word ('ΟΔΟΣ' → 'οδος'), is applied when the character before is cased and
 * the one after is not.
 */
export function unicodeCase(x: SqlFragment, table: string, to: 'lower' | 'upper'): SqlFragment {
  // `$x` is the argument, `$p` the non-ASCII pattern: each is replaced by its SQL, its parameters taken in order.
  const ch = (offset: string) => `substr($x, c.i${offset}, 1)`;
  const cased = (c: string) => `(${c} GLOB '[A-Za-z]' OR ${c} IN (SELECT ch FROM ${table}))`;
  const mapped =
    to === 'lower'
      ? `CASE WHEN m.ch = '${SIGMA}' AND ${cased(ch(' - 1'))} AND NOT ${cased(ch(' + 1'))} THEN 'ς'
         ELSE coalesce(m.lower, lower(${ch('')})) END`
      : `coalesce(m.upper, upper(${ch('')}))`;
  const template = `(CASE WHEN $x IS NULL THEN NULL WHEN $x NOT GLOB $p THEN ${to}($x) ELSE
    (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < length($x))
     SELECT group_concat(${mapped}, '' ORDER BY c.i) FROM c LEFT JOIN ${table} AS m ON m.ch = ${ch('')}) END)`;
  const params: SqlFragment['params'] = [];
  const sql = template.replace(/\$([xp])/g, (_m, which: string) => {
    if (which === 'p') {
      params.push(NON_ASCII_GLOB);
      return '?';
    }
    params.push(...x.params);
    return x.sql;
  });
  return { sql, params };
}
