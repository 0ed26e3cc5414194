/**
 * Where the Mongo-backed tests find a MongoDB wire-protocol server: TEST_MONGODB_URI (CI starts FerretDB and sets
 * it), else MONGODB_URI. Without either, those suites are skipped and say so — never faked.
 */
export const mongoTestUri: string | undefined =
  process.env.TEST_MONGODB_URI || process.env.MONGODB_URI || undefined;

export const mongoSkipReason =
  'no MongoDB-compatible server: set TEST_MONGODB_URI (e.g. `scripts/ferretdb.sh start <dir>`) to run these';

export const uniqueDbName = (prefix: string): string =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
