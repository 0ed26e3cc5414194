import { emailKey } from '../keys';
import type { NewsletterRepository } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';

export function createSqliteNewsletterRepository(db: SqliteDb, write: SqliteWrite): NewsletterRepository {
  const insert = db.prepare(
    'INSERT INTO newsletter_subscribers (email_key, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email_key) DO NOTHING',
  );
  return {
    async subscribe(email) {
      const { changes } = write(() => insert.run(emailKey(email), email.trim(), new Date().toISOString()));
      return changes > 0 ? 'created' : 'exists';
    },
  };
}
