import mongoose from 'mongoose';
import pino from 'pino';
import { createApp } from '../app';
import { createMongoStore } from '../store/mongo/mongo-store';
import type { Store } from '../store/types';
import { testConfig } from './test-app';
import { mongoTestUri, uniqueDbName } from './mongo-test-uri';

/**
 * Several instances on one MongoDB database, as N API processes share it: each store has its own connection (its own
 * pool, nothing shared in memory), so whatever one instance knows only through its process is not seen by another.
 * Use inside a describe that runs only with mongoTestUri.
 */
export function sharedMongoDb(prefix: string) {
  const dbName = uniqueDbName(prefix);
  const opened: Store[] = [];
  return {
    dbName,
    /** A store of one more instance on the shared database (opened concurrently when called together). */
    async open(): Promise<Store> {
      const store = await createMongoStore(mongoTestUri!, { dbName });
      opened.push(store);
      return store;
    },
    /** Closes every store opened here and drops the database. */
    async dispose(): Promise<void> {
      await Promise.all(opened.splice(0).map((s) => s.close()));
      const conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

/** One instance's Express app on `store`, signing with `jwtSecret` (each instance resolves its own). */
export function instanceApp(store: Store, jwtSecret: string, overrides: Record<string, string> = {}) {
  return createApp({ config: testConfig(overrides), store, logger: pino({ level: 'silent' }), jwtSecret });
}
