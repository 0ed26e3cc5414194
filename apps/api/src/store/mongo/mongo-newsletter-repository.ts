import type { mongo } from 'mongoose';
import { emailKey } from '../keys';
import type { NewsletterRepository } from '../types';

export function createMongoNewsletterRepository(db: mongo.Db): NewsletterRepository {
  const subscribers = db.collection<{ _id: string; email: string; createdAt: Date }>(
    'newsletter_subscribers',
  );
  return {
    async subscribe(email) {
      // _id is the lower-cased address: the database itself keeps one entry per address.
      const result = await subscribers.updateOne(
        { _id: emailKey(email) },
        { $setOnInsert: { email: email.trim(), createdAt: new Date() } },
        { upsert: true },
      );
      return result.upsertedCount > 0 ? 'created' : 'exists';
    },
  };
}
