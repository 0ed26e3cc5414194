import { randomUUID } from 'node:crypto';
import type { CreatedFeedToken, FeedToken } from '@aec/contracts';
import { ConflictError, NotFoundError } from '../../errors/app-error';
import type { FeedTokenRecord, Store, UserRecord } from '../../store/types';
import { hashFeedToken, newFeedTokenSecret } from './feed-token-secret';

const toPublic = (t: FeedTokenRecord): FeedToken => ({
  id: t.id,
  name: t.name,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt,
});
const MAX_TOKENS = 50;

export type FeedTokensService = ReturnType<typeof createFeedTokensService>;

export function createFeedTokensService({ store }: { store: Store }) {
  return {
    async create(user: UserRecord, name: string): Promise<CreatedFeedToken> {
      if ((await store.feedTokens.listByUser(user.id)).length >= MAX_TOKENS) {
        throw new ConflictError(
          `You already have ${MAX_TOKENS} feed tokens; revoke one first.`,
          'TOO_MANY_TOKENS',
        );
      }
      const secret = newFeedTokenSecret();
      const record = await store.feedTokens.create({
        id: randomUUID(),
        userId: user.id,
        name,
        tokenHash: hashFeedToken(secret),
      });
      return { ...toPublic(record), token: secret };
    },
    list: async (user: UserRecord) => (await store.feedTokens.listByUser(user.id)).map(toPublic),
    async revoke(user: UserRecord, id: string): Promise<void> {
      if (!(await store.feedTokens.delete(user.id, id)))
        throw new NotFoundError('Feed token not found', 'FEED_TOKEN_NOT_FOUND');
    },
    /** The user a username + feed token pair belongs to, or null. Records when the token was last used. */
    async authenticate(username: string, secret: string): Promise<UserRecord | null> {
      const token = await store.feedTokens.findByHash(hashFeedToken(secret));
      if (!token) return null;
      const user = await store.users.findById(token.userId);
      if (!user || user.username.toLowerCase() !== username.trim().toLowerCase()) return null;
      await store.feedTokens.touch(token.id, new Date().toISOString());
      return user;
    },
  };
}
