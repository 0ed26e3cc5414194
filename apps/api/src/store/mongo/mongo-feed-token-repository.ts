import type { mongo } from 'mongoose';
import type { FeedTokenRecord, FeedTokenRepository } from '../types';

interface FeedTokenDoc {
  _id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const toRecord = (d: FeedTokenDoc): FeedTokenRecord => ({
  id: d._id,
  userId: d.userId,
  name: d.name,
  tokenHash: d.tokenHash,
  createdAt: d.createdAt.toISOString(),
  lastUsedAt: d.lastUsedAt ? d.lastUsedAt.toISOString() : null,
});

export async function createMongoFeedTokenRepository(db: mongo.Db): Promise<FeedTokenRepository> {
  const tokens = db.collection<FeedTokenDoc>('feed_tokens');
  await Promise.all([
    tokens.createIndex({ tokenHash: 1 }, { unique: true, name: 'feed_tokens_hash_unique' }),
    tokens.createIndex({ userId: 1, createdAt: -1 }, { name: 'feed_tokens_user' }),
  ]);
  return {
    async create(token) {
      const doc: FeedTokenDoc = {
        _id: token.id,
        userId: token.userId,
        name: token.name,
        tokenHash: token.tokenHash,
        createdAt: new Date(),
        lastUsedAt: null,
      };
      await tokens.insertOne(doc);
      return toRecord(doc);
    },
    async listByUser(userId) {
      return (await tokens.find({ userId }).sort({ createdAt: -1, _id: 1 }).toArray()).map(toRecord);
    },
    async findByHash(tokenHash) {
      const doc = await tokens.findOne({ tokenHash });
      return doc ? toRecord(doc) : null;
    },
    async touch(id, at) {
      await tokens.updateOne({ _id: id }, { $set: { lastUsedAt: new Date(at) } });
    },
    async delete(userId, id) {
      return (await tokens.deleteOne({ _id: id, userId })).deletedCount > 0;
    },
  };
}

/** Removes every feed token of a user (account deletion). */
export const deleteUserFeedTokens = (db: mongo.Db, userId: string) =>
  db.collection('feed_tokens').deleteMany({ userId });
