/** Error codes of a full disk: SQLite's, and the file system's (an exhausted quota is as full). */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

export const isDiskFull = (code: unknown): boolean => typeof code === 'string' && DISK_FULL_CODES.has(code);

/** The job's error when the disk filled up while its rows were stored (they are removed: nothing was published). */
export const ROWS_STORAGE_FULL_MESSAGE =
  'The server ran out of disk space while storing the rows of this model, so nothing was published. ' +
  'Please try again later or ask the administrator to free space.';
