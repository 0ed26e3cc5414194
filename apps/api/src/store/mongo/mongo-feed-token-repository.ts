import type { mongo } from 'mongoose';
import { feedTokenNameKey } from '../keys';
import { DuplicateError, type FeedTokenRecord, type FeedTokenRepository } from '../types';
import { isDuplicateKey } from './duplicate-key';

interface FeedTokenDoc {
  _id: string;
  userId: string;
  name: string;
  /** feedTokenNameKey(name), unique per user; tokens named alike before names were unique carry `<key>#<id>`. */
  nameKey: string;
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

/**
 * Gives tokens stored before names were unique their name key: the first of a user's tokens of a name the key
 * itself, any later one of the same name the key followed by its id, so that the unique index can be built and
 * both keep their names. Idempotent: instances starting at once write the same keys.
 */
async function keyOlderTokens(tokens: mongo.Collection<FeedTokenDoc>): Promise<void> {
  const older = await tokens
    .find({ nameKey: { $exists: false } })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  if (!older.length) return;
  const keyed = new Set(
    (await tokens.find({ nameKey: { $exists: true } }).toArray()).map((t) =>
      JSON.stringify([t.userId, t.nameKey]),
    ),
  );
  for (const token of older) {
    const key = feedTokenNameKey(token.name);
    const userKey = JSON.stringify([token.userId, key]);
    const nameKey = keyed.has(userKey) ? `${key}#${token._id}` : key;
    keyed.add(userKey);
    await tokens.updateOne({ _id: token._id, nameKey: { $exists: false } }, { $set: { nameKey } });
  }
}

export async function createMongoFeedTokenRepository(db: mongo.Db): Promise<FeedTokenRepository> {
  const tokens = db.collection<FeedTokenDoc>('feed_tokens');
  await keyOlderTokens(tokens);
  await Promise.all([
    tokens.createIndex({ tokenHash: 1 }, { unique: true, name: 'feed_tokens_hash_unique' }),
    tokens.createIndex({ userId: 1, createdAt: -1 }, { name: 'feed_tokens_user' }),
    tokens.createIndex({ userId: 1, nameKey: 1 }, { unique: true, name: 'feed_tokens_name_unique' }),
  ]);
  return {
    async create(token) {
      const doc: FeedTokenDoc = {
        _id: token.id,
        userId: token.userId,
        name: token.name,
        nameKey: feedTokenNameKey(token.name),
        tokenHash: token.tokenHash,
        createdAt: new Date(),
        lastUsedAt: null,
      };
      try {
        await tokens.insertOne(doc);
      } catch (err) {
        // The hash is 256 random bits: a duplicate key here is the name (FerretDB does not say which index).
        if (isDuplicateKey(err)) throw new DuplicateError('feedTokenName');
        throw err;
      }
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
