import type { Config } from '../config/env';
import type { Store } from './types';
import { createMongoStore } from './mongo/mongo-store';
import { createSqliteStore } from './sqlite/sqlite-store';

/** MongoDB when MONGODB_URI is set, the embedded SQLite file in DATA_DIR otherwise. */
export async function createStore(
  config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'> & Partial<Pick<Config, 'SNAPSHOT_GRACE_MINUTES'>>,
  /** SQLite only: its WAL checkpointer thread (see createSqliteStore). */
  sqlite: Pick<Parameters<typeof createSqliteStore>[0], 'walCheckpointer'> = {},
): Promise<Store> {
  if (config.MONGODB_URI)
    return createMongoStore(config.MONGODB_URI, { snapshotGraceMinutes: config.SNAPSHOT_GRACE_MINUTES });
  return createSqliteStore({
    dataDir: config.DATA_DIR,
    snapshotGraceMinutes: config.SNAPSHOT_GRACE_MINUTES,
    ...sqlite,
  });
}
