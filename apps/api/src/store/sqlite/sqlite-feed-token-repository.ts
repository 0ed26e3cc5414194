import { feedTokenNameKey } from '../keys';
import { DuplicateError, type FeedTokenRecord, type FeedTokenRepository } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';

interface FeedTokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

const toRecord = (row: FeedTokenRow): FeedTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  tokenHash: row.token_hash,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export function createSqliteFeedTokenRepository(db: SqliteDb, write: SqliteWrite): FeedTokenRepository {
  const insert = db.prepare(
    'INSERT INTO feed_tokens (id, user_id, name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare('SELECT * FROM feed_tokens WHERE id = ?');
  const byUser = db.prepare(
    'SELECT * FROM feed_tokens WHERE user_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const byHash = db.prepare('SELECT * FROM feed_tokens WHERE token_hash = ?');
  const touch = db.prepare('UPDATE feed_tokens SET last_used_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM feed_tokens WHERE id = ? AND user_id = ?');
  return {
    async create(token) {
      const nameKey = feedTokenNameKey(token.name);
      try {
        write(() =>
          insert.run(token.id, token.userId, token.name, nameKey, token.tokenHash, new Date().toISOString()),
        );
      } catch (err) {
        if (/UNIQUE constraint failed: feed_tokens\.user_id, feed_tokens\.name_key/.test(String(err)))
          throw new DuplicateError('feedTokenName');
        throw err;
      }
      return toRecord(byId.get(token.id) as FeedTokenRow);
    },
    async listByUser(userId) {
      return (byUser.all(userId) as FeedTokenRow[]).map(toRecord);
    },
    async findByHash(tokenHash) {
      const row = byHash.get(tokenHash) as FeedTokenRow | undefined;
      return row ? toRecord(row) : null;
    },
    async touch(id, at) {
      write(() => touch.run(at, id));
    },
    async delete(userId, id) {
      return write(() => remove.run(id, userId).changes > 0);
    },
  };
}
