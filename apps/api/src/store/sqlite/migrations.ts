import type { SqliteDb } from './database';

/**
 * Versioned, append-only migrations: `PRAGMA user_version` records how many have run. Never edit a shipped
 * migration; add the next one.
 */
const migrations: string[] = [
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     username_key TEXT NOT NULL UNIQUE,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     token_version INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
];

export const SCHEMA_VERSION = migrations.length;

export function migrate(db: SqliteDb): void {
  // libsql's pragma({ simple: true }) returns a row object, unlike better-sqlite3: read the row ourselves.
  const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (current > migrations.length) {
    throw new Error(`Database schema version ${current} is newer than this build (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version++) {
    const step = db.transaction(() => {
      db.exec(migrations[version]!);
      db.pragma(`user_version = ${version + 1}`);
    });
    step();
  }
}
