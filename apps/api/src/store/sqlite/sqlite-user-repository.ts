import { randomUUID } from 'node:crypto';
import {
  DuplicateError,
  type NewUser,
  type UserChanges,
  type UserRecord,
  type UserRepository,
} from '../types';
import { emailKey, usernameKey } from '../keys';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { SqliteWideElements } from './sqlite-wide-elements';

interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  token_version: number;
  created_at: string;
  updated_at: string;
}

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  passwordHash: row.password_hash,
  tokenVersion: row.token_version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function rethrowDuplicate(err: unknown): never {
  const message = err instanceof Error ? err.message : '';
  if (/UNIQUE constraint failed: users\.username_key/.test(message)) throw new DuplicateError('username');
  if (/UNIQUE constraint failed: users\.email_key/.test(message)) throw new DuplicateError('email');
  throw err;
}

export function createSqliteUserRepository(
  db: SqliteDb,
  write: SqliteWrite,
  wide: SqliteWideElements,
): UserRepository {
  const columns = 'id, username, email, password_hash, token_version, created_at, updated_at';
  const byId = db.prepare(`SELECT ${columns} FROM users WHERE id = ?`);
  const byUsername = db.prepare(`SELECT ${columns} FROM users WHERE username_key = ?`);
  const insert = db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, password_hash, created_at, updated_at)
     VALUES (@id, @username, @usernameKey, @email, @emailKey, @passwordHash, @now, @now)`,
  );
  const remove = db.prepare('DELETE FROM users WHERE id = ?');
  const ownedProjects = db.prepare('SELECT id FROM projects WHERE owner_id = ?');

  const find = (statement: typeof byId, value: string) => {
    const row = statement.get(value) as UserRow | undefined;
    return row ? toRecord(row) : null;
  };

  return {
    async create(user: NewUser) {
      const id = randomUUID();
      const now = new Date().toISOString();
      try {
        write(() =>
          insert.run({
            id,
            username: user.username,
            usernameKey: usernameKey(user.username),
            email: user.email,
            emailKey: emailKey(user.email),
            passwordHash: user.passwordHash,
            now,
          }),
        );
      } catch (err) {
        rethrowDuplicate(err);
      }
      return find(byId, id)!;
    },
    async findById(id) {
      return find(byId, id);
    },
    async findByUsername(username) {
      return find(byUsername, usernameKey(username));
    },
    async update(id, changes: UserChanges) {
      const sets: string[] = [];
      const params: Record<string, string> = { id, now: new Date().toISOString() };
      if (changes.username !== undefined) {
        sets.push('username = @username', 'username_key = @usernameKey');
        Object.assign(params, { username: changes.username, usernameKey: usernameKey(changes.username) });
      }
      if (changes.email !== undefined) {
        sets.push('email = @email', 'email_key = @emailKey');
        Object.assign(params, { email: changes.email, emailKey: emailKey(changes.email) });
      }
      if (changes.passwordHash !== undefined) {
        sets.push('password_hash = @passwordHash');
        params.passwordHash = changes.passwordHash;
      }
      sets.push('updated_at = @now');
      try {
        const statement = db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = @id`);
        write(() => statement.run(params));
      } catch (err) {
        rethrowDuplicate(err);
      }
      return find(byId, id);
    },
    async delete(id) {
      // Owned rows (projects, jobs, tokens…) reference users with ON DELETE CASCADE, so one statement removes all.
      return write(() => {
        // The user's projects go by ON DELETE CASCADE; their wide tables are not rows of a table, so drop them here.
        for (const { id: projectId } of ownedProjects.all(id) as { id: string }[]) wide.dropTables(projectId);
        return remove.run(id).changes > 0;
      });
    },
  };
}
