import { randomUUID } from 'node:crypto';
import Database from 'libsql';
import mongoose from 'mongoose';
import { describeSkipped } from '../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../test/mongo-test-uri';
import { createMongoFeedTokenRepository } from './mongo/mongo-feed-token-repository';
import { migrate, SCHEMA_VERSION } from './sqlite/migrations';
import { createSqliteFeedTokenRepository } from './sqlite/sqlite-feed-token-repository';
import { createWrite } from './sqlite/write-transaction';
import { DuplicateError, type FeedTokenRepository } from './types';

/**
 * Tokens stored before names were unique per user may share a name (in case or composition too). Both stores keep
 * them, listed and revocable, and refuse a new token of that name from then on.
 */
const OLDER = [
  { id: 't1', userId: 'u1', name: 'Power BI', at: '2026-01-01T00:00:00.000Z' },
  { id: 't2', userId: 'u1', name: 'POWER bi', at: '2026-01-02T00:00:00.000Z' },
  { id: 't3', userId: 'u1', name: 'Caf\u00e9', at: '2026-01-03T00:00:00.000Z' },
  { id: 't4', userId: 'u1', name: 'Cafe\u0301', at: '2026-01-04T00:00:00.000Z' },
  { id: 't5', userId: 'u2', name: 'Power BI', at: '2026-01-05T00:00:00.000Z' },
];

async function expectOlderKeptAndNameRefused(tokens: FeedTokenRepository): Promise<void> {
  expect((await tokens.listByUser('u1')).map((t) => t.name).sort()).toEqual(
    ['Caf\u00e9', 'Cafe\u0301', 'POWER bi', 'Power BI'].sort(),
  );
  const create = (userId: string, name: string) =>
    tokens.create({ id: randomUUID(), userId, name, tokenHash: randomUUID() });
  await expect(create('u1', 'power bi')).rejects.toBeInstanceOf(DuplicateError);
  await expect(create('u1', 'CAFÉ')).rejects.toBeInstanceOf(DuplicateError);
  await expect(create('u2', 'power BI')).rejects.toBeInstanceOf(DuplicateError);
  await expect(create('u2', 'Café')).resolves.toMatchObject({ name: 'Café' });
  // once every older token of a name is revoked, the name is free again
  expect(await tokens.delete('u1', 't1')).toBe(true);
  expect(await tokens.delete('u1', 't2')).toBe(true);
  await expect(create('u1', 'Power BI')).resolves.toMatchObject({ name: 'Power BI' });
}

describe('SQLite migration to unique feed token names', () => {
  it('keeps older tokens named alike and refuses the name from then on', async () => {
    const db = new Database(':memory:');
    migrate(db, SCHEMA_VERSION - 1);
    const user = db.prepare(
      `INSERT INTO users (id, username, username_key, email, email_key, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'h', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );
    for (const id of ['u1', 'u2']) user.run(id, id, id, `${id}@x.io`, `${id}@x.io`);
    const token = db.prepare(
      'INSERT INTO feed_tokens (id, user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (const t of OLDER) token.run(t.id, t.userId, t.name, `hash-${t.id}`, t.at);
    migrate(db);
    expect(db.prepare('SELECT id, name_key FROM feed_tokens ORDER BY id').all()).toEqual([
      { id: 't1', name_key: 'power bi' },
      { id: 't2', name_key: null },
      { id: 't3', name_key: 'caf\u00e9' },
      { id: 't4', name_key: null },
      { id: 't5', name_key: 'power bi' },
    ]);
    await expectOlderKeptAndNameRefused(createSqliteFeedTokenRepository(db, createWrite(db)));
    db.close();
  });
});

const title = 'MongoDB store keys feed tokens stored before names were unique';
const uri = mongoTestUri;
if (!uri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const dbName = uniqueDbName('aec_ftnames');
    let conn: mongoose.Connection;
    beforeAll(async () => {
      conn = await mongoose.createConnection(uri, { dbName }).asPromise();
    });
    afterAll(async () => {
      await conn.dropDatabase();
      await conn.close();
    });

    it('keeps older tokens named alike and refuses the name from then on, also when opened again', async () => {
      const db = conn.db!;
      await db.collection('feed_tokens').insertMany(
        OLDER.map((t) => ({
          _id: t.id as unknown as mongoose.mongo.ObjectId,
          userId: t.userId,
          name: t.name,
          tokenHash: `hash-${t.id}`,
          createdAt: new Date(t.at),
          lastUsedAt: null,
        })),
      );
      const tokens = await createMongoFeedTokenRepository(db);
      // a second instance opening the same database changes nothing
      await createMongoFeedTokenRepository(db);
      const keys = await db.collection('feed_tokens').find({}).sort({ _id: 1 }).toArray();
      expect(keys.map((t) => [t._id, t.nameKey])).toEqual([
        ['t1', 'power bi'],
        ['t2', 'power bi#t2'],
        ['t3', 'caf\u00e9'],
        ['t4', 'caf\u00e9#t4'],
        ['t5', 'power bi'],
      ]);
      await expectOlderKeptAndNameRefused(tokens);
    });
  });
