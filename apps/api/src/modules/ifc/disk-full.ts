/** Error codes of a full disk: SQLite's, and the file system's (an exhausted quota is as full). */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** The code an error carries (libsql's `SQLITE_…`, Node's `E…`), if it has one. */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether an error, or an error code already read from one, says the disk is full. */
export function isDiskFull(errorOrCode: unknown): boolean {
  const code = typeof errorOrCode === 'string' ? errorOrCode : errorCode(errorOrCode);
  return code !== undefined && DISK_FULL_CODES.has(code);
}

/** The job's error when the disk filled up while its rows were stored (they are removed: nothing was published). */
export const ROWS_STORAGE_FULL_MESSAGE =
  'The server ran out of disk space while storing the rows of this model, so nothing was published. ' +
  'Please try again later or ask the administrator to free space.';
