import mongoose from 'mongoose';
import type { Store } from '../types';
import { createMongoUserRepository } from './mongo-user-repository';
import { userModel } from './user-model';

/** MongoDB through mongoose, on its own connection so several stores can live in one process (tests). */
export async function createMongoStore(uri: string, options: { dbName?: string } = {}): Promise<Store> {
  const conn = mongoose.createConnection(uri, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 5000,
    autoIndex: false,
  });
  await conn.asPromise();
  const users = userModel(conn);
  // Build indexes before serving so the unique constraints hold from the first request.
  await users.createIndexes();
  return {
    kind: 'mongodb',
    users: createMongoUserRepository(users),
    async ping() {
      await conn.db!.admin().command({ ping: 1 });
    },
    async close() {
      await conn.close();
    },
  };
}
