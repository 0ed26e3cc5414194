import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Store } from '../store/types';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import { createMongoStore } from '../store/mongo/mongo-store';
import { mongoTestUri, uniqueDbName } from './mongo-test-uri';
import type { StoreTarget } from './store-fixtures';

/**
 * A store of `target` with its own snapshot window (SNAPSHOT_GRACE_MINUTES), on a fresh DATA_DIR; `dispose` closes
 * it and removes what it created.
 */
export async function openGraceStore(
  target: StoreTarget,
  snapshotGraceMinutes: number,
): Promise<{ store: Store; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-grace-'));
  if (target.name === 'sqlite') {
    const store = createSqliteStore({ dataDir, snapshotGraceMinutes });
    return { store, dataDir, dispose: () => store.close() };
  }
  const dbName = uniqueDbName('aec_grace');
  const store = await createMongoStore(mongoTestUri!, { dbName, snapshotGraceMinutes });
  return {
    store,
    dataDir,
    async dispose() {
      await store.close();
      const conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}
