import { emailKey } from '../keys';
import type { NewsletterRepository } from '../types';
import type { SqliteDb } from './database';

export function createSqliteNewsletterRepository(db: SqliteDb): NewsletterRepository {
  const insert = db.prepare(
    'INSERT INTO newsletter_subscribers (email_key, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email_key) DO NOTHING',
  );
  return {
    async subscribe(email) {
      const { changes } = insert.run(emailKey(email), email.trim(), new Date().toISOString());
      return changes > 0 ? 'created' : 'exists';
    },
  };
}
