import type { EntityModel, EntityType } from './model';

export type SqlValue = string | number | bigint | null;

/** A piece of SQL and the values bound to its `?` placeholders, in order. */
export interface SqlFragment {
  sql: string;
  params: SqlValue[];
}

export interface SqlCompileOptions {
  model: EntityModel;
  /** Entity type (or its name / an entity set name) being queried. */
  entityType: EntityType | string;
  /** Table to read; defaults to the model's table for the type. */
  table?: string;
  /**
   * `instr` (default) keeps contains/startswith/endswith case-sensitive on any connection.
   * `like` emits `LIKE ? ESCAPE '\'` with an escaped pattern, which can use an index for startswith,
   * and is only correct on a connection with `PRAGMA case_sensitive_like = ON`.
   */
  stringMatch?: 'instr' | 'like';
  /**
   * A table `(ch TEXT PRIMARY KEY, lower TEXT, upper TEXT)` holding JavaScript's toLowerCase/toUpperCase of every
   * non-ASCII character that has a case mapping (see unicodeCaseRows). With it tolower/toupper follow Unicode
   * (SQLite's lower()/upper() map ASCII only); without it they map ASCII only.
   */
  caseMapTable?: string;
  /** Clock for now(); injectable for tests. */
  now?: () => Date;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Escapes LIKE wildcards with `\` so user text only ever matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
