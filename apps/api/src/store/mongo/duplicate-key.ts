/**
 * Unique-index violations as the servers report them. MongoDB answers code 11000 with the key (`keyPattern`).
 * FerretDB v1 answers inserts with code 11000 but no key, and updates with a generic error (code 1) quoting
 * SQLite's "UNIQUE constraint failed: index '<prefix>_<index name>'".
 */
interface ServerError {
  code?: unknown;
  message?: unknown;
  keyPattern?: Record<string, unknown>;
}

export function isDuplicateKey(err: unknown): boolean {
  const e = err as ServerError | null;
  if (!e) return false;
  return e.code === 11000 || (typeof e.message === 'string' && /UNIQUE constraint failed/.test(e.message));
}

/** Whether the violation names the index or key field, when the server says which (false when it is silent). */
export function names(err: unknown, indexName: string, field: string): boolean {
  const e = err as ServerError;
  if (e.keyPattern && field in e.keyPattern) return true;
  return typeof e.message === 'string' && e.message.includes(indexName);
}
