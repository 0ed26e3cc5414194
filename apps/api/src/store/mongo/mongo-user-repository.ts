import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { DuplicateError, type UserRecord, type UserRepository } from '../types';
import { emailKey, usernameKey } from '../keys';
import { isDuplicateKey, names } from './duplicate-key';
import type { ProjectCascade } from './project-cascade';
import type { UserDoc } from './user-model';
import { documentWrite } from './whole-document-writes';

const toRecord = (doc: UserDoc): UserRecord => ({
  id: doc._id,
  username: doc.username,
  email: doc.email,
  passwordHash: doc.passwordHash,
  tokenVersion: doc.tokenVersion,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

type Keys = Partial<Pick<UserDoc, 'usernameKey' | 'emailKey'>>;

export function createMongoUserRepository(
  users: Model<UserDoc>,
  owned: Pick<ProjectCascade, 'removeOwnedBy'>,
): UserRepository {
  const findOne = async (filter: Partial<UserDoc>) => {
    const doc = await users.findOne(filter).lean<UserDoc>().exec();
    return doc ? toRecord(doc) : null;
  };

  /** Turns a unique-index violation on `keys` (written for user `id`) into the DuplicateError of its field. */
  async function rethrowDuplicate(err: unknown, id: string, keys: Keys): Promise<never> {
    if (!isDuplicateKey(err)) throw err;
    if (names(err, 'users_email_key_unique', 'emailKey')) throw new DuplicateError('email');
    if (names(err, 'users_username_key_unique', 'usernameKey')) throw new DuplicateError('username');
    // The server did not say which index (FerretDB inserts): the database has just refused the write, so the
    // key another user holds is the one that collided.
    const taken =
      keys.usernameKey !== undefined &&
      (await users.exists({ usernameKey: keys.usernameKey, _id: { $ne: id } }).exec());
    throw new DuplicateError(taken || keys.emailKey === undefined ? 'username' : 'email');
  }

  return {
    async create(user) {
      const id = randomUUID();
      const keys = { usernameKey: usernameKey(user.username), emailKey: emailKey(user.email) };
      try {
        const doc = await users.create({
          _id: id,
          username: user.username,
          email: user.email,
          passwordHash: user.passwordHash,
          tokenVersion: 0,
          ...keys,
        });
        return toRecord(doc.toObject());
      } catch (err) {
        return rethrowDuplicate(err, id, keys);
      }
    },
    findById: (id) => findOne({ _id: id }),
    findByUsername: (username) => findOne({ usernameKey: usernameKey(username) }),
    async update(id, changes) {
      const set: Partial<UserDoc> = {};
      const keys: Keys = {};
      if (changes.username !== undefined) {
        keys.usernameKey = usernameKey(changes.username);
        Object.assign(set, { username: changes.username, usernameKey: keys.usernameKey });
      }
      if (changes.email !== undefined) {
        keys.emailKey = emailKey(changes.email);
        Object.assign(set, { email: changes.email, emailKey: keys.emailKey });
      }
      if (changes.passwordHash !== undefined) set.passwordHash = changes.passwordHash;
      try {
        // Queued on FerretDB: a password change and an email change at once must not undo one another.
        const doc = await documentWrite(users.db.db, 'users', () =>
          users.findOneAndUpdate({ _id: id }, { $set: set }, { new: true }).lean<UserDoc>().exec(),
        );
        return doc ? toRecord(doc) : null;
      } catch (err) {
        return rethrowDuplicate(err, id, keys);
      }
    },
    async delete(id) {
      // No transactions: the owned projects go first, so a crash half-way leaves the user in place and a retry
      // finishes the job. The sweep after the user is gone catches a project created meanwhile (projects.create
      // checks its owner after inserting, so none can slip past both).
      await owned.removeOwnedBy(id);
      const result = await users.deleteOne({ _id: id }).exec();
      await owned.removeOwnedBy(id);
      return result.deletedCount > 0;
    },
  };
}
