import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { DuplicateError, type UserRecord, type UserRepository } from '../types';
import { emailKey, usernameKey } from '../keys';
import type { UserDoc } from './user-model';

const toRecord = (doc: UserDoc): UserRecord => ({
  id: doc._id,
  username: doc.username,
  email: doc.email,
  passwordHash: doc.passwordHash,
  tokenVersion: doc.tokenVersion,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

function rethrowDuplicate(err: unknown): never {
  const e = err as { code?: number; keyPattern?: Record<string, unknown>; message?: string };
  if (e.code === 11000) {
    const field = e.keyPattern?.emailKey || /email/.test(e.message ?? '') ? 'email' : 'username';
    throw new DuplicateError(field);
  }
  throw err;
}

export function createMongoUserRepository(users: Model<UserDoc>): UserRepository {
  const findOne = async (filter: Partial<UserDoc>) => {
    const doc = await users.findOne(filter).lean<UserDoc>().exec();
    return doc ? toRecord(doc) : null;
  };
  return {
    async create(user) {
      try {
        const doc = await users.create({
          _id: randomUUID(),
          username: user.username,
          usernameKey: usernameKey(user.username),
          email: user.email,
          emailKey: emailKey(user.email),
          passwordHash: user.passwordHash,
          tokenVersion: 0,
        });
        return toRecord(doc.toObject());
      } catch (err) {
        rethrowDuplicate(err);
      }
    },
    findById: (id) => findOne({ _id: id }),
    findByUsername: (username) => findOne({ usernameKey: usernameKey(username) }),
    async update(id, changes) {
      const set: Partial<UserDoc> = {};
      if (changes.username !== undefined)
        Object.assign(set, { username: changes.username, usernameKey: usernameKey(changes.username) });
      if (changes.email !== undefined)
        Object.assign(set, { email: changes.email, emailKey: emailKey(changes.email) });
      try {
        const doc = await users
          .findOneAndUpdate({ _id: id }, { $set: set }, { new: true })
          .lean<UserDoc>()
          .exec();
        return doc ? toRecord(doc) : null;
      } catch (err) {
        rethrowDuplicate(err);
      }
    },
    async delete(id) {
      // Later repositories delete the user's owned documents here before the user itself.
      const result = await users.deleteOne({ _id: id }).exec();
      return result.deletedCount > 0;
    },
  };
}
