import path from 'node:path';
import mongoose from 'mongoose';
import type { Store } from '../store/types';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import { createMongoStore } from '../store/mongo/mongo-store';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from './mongo-test-uri';
import { API_DIR } from './spawn-server';

/** The bundled WAL checkpointer thread (jest's global setup builds it), which a SQLite store on a file runs. */
export const WAL_CHECKPOINTER_THREAD = path.join(API_DIR, 'dist/wal-checkpointer-thread.js');
/** Checkpointers that stopped before their store closed: disposing the store then fails the suite. */
const checkpointerFailures = new WeakMap<Store, { error?: Error }>();

export interface StoreTarget {
  name: 'sqlite' | 'mongodb';
  /** Why the target cannot run here, or null when it can. */
  skipReason: string | null;
  /** A fresh store; SQLite keeps its file in `dataDir` when given (else in memory). */
  open(dataDir?: string): Promise<Store>;
  /** Removes whatever open() created (a throwaway database). */
  dispose(store: Store): Promise<void>;
}

const created = new WeakMap<Store, string>();

export const storeTargets: StoreTarget[] = [
  {
    name: 'sqlite',
    skipReason: null,
    // On a file, with the WAL checkpointer thread as the server runs it (the row writer then leaves checkpoints to it).
    open: async (dataDir) => {
      if (!dataDir) return createSqliteStore({ file: ':memory:' });
      const failed: { error?: Error } = {};
      const store = createSqliteStore({
        dataDir,
        walCheckpointer: { threadPath: WAL_CHECKPOINTER_THREAD, onExit: (error) => (failed.error = error) },
      });
      checkpointerFailures.set(store, failed);
      return store;
    },
    async dispose(store) {
      await store.close();
      const { error } = checkpointerFailures.get(store) ?? {};
      if (error)
        throw new Error(`the store's WAL checkpointer stopped before the store closed: ${error.message}`);
    },
  },
  {
    name: 'mongodb',
    skipReason: mongoTestUri ? null : mongoSkipReason,
    async open() {
      const dbName = uniqueDbName('aec_test');
      const store = await createMongoStore(mongoTestUri!, { dbName });
      created.set(store, dbName);
      return store;
    },
    async dispose(store) {
      const dbName = created.get(store);
      await store.close();
      if (!dbName) return;
      const conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      await conn.dropDatabase();
      await conn.close();
    },
  },
];

/** describe() per store target; a target that cannot run is reported as skipped with its reason. */
export function describeEachStore(title: string, body: (target: StoreTarget) => void): void {
  for (const target of storeTargets) {
    const name = `${title} [${target.name}]`;
    if (target.skipReason) {
      // Skipped for a stated reason: no reachable MongoDB-compatible server in this environment.
      describe.skip(`${name} — skipped: ${target.skipReason}`, () => body(target));
      console.warn(`[${target.name}] ${title}: skipped — ${target.skipReason}`);
    } else {
      describe(name, () => body(target));
    }
  }
}
