import { randomUUID } from 'node:crypto';
import { FEED_TOKEN_NAME_TAKEN, type CreatedFeedToken, type FeedToken } from '@aec/contracts';
import { ConflictError, NotFoundError } from '../../errors/app-error';
import { feedTokenNameKey } from '../../store/keys';
import { DuplicateError, type FeedTokenRecord, type Store, type UserRecord } from '../../store/types';
import { hashFeedToken, newFeedTokenSecret } from './feed-token-secret';

const toPublic = (t: FeedTokenRecord): FeedToken => ({
  id: t.id,
  name: t.name,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt,
});
const MAX_TOKENS = 50;
const nameTaken = (taken: string) =>
  new ConflictError(
    `You already have a feed token named "${taken}"; give this one another name so the two can be told apart.`,
    FEED_TOKEN_NAME_TAKEN,
  );

export type FeedTokensService = ReturnType<typeof createFeedTokensService>;

export function createFeedTokensService({ store }: { store: Store }) {
  return {
    async create(user: UserRecord, name: string): Promise<CreatedFeedToken> {
      const tokens = await store.feedTokens.listByUser(user.id);
      if (tokens.length >= MAX_TOKENS) {
        throw new ConflictError(
          `You already have ${MAX_TOKENS} feed tokens; revoke one first.`,
          'TOO_MANY_TOKENS',
        );
      }
      // the list is where a token is told apart from the others when it is revoked: two of one name could not be.
      // Names compare as a reader sees them (feedTokenNameKey); the store enforces it when two requests race.
      const key = feedTokenNameKey(name);
      const taken = tokens.find((token) => feedTokenNameKey(token.name) === key);
      if (taken) throw nameTaken(taken.name);
      const secret = newFeedTokenSecret();
      try {
        const record = await store.feedTokens.create({
          id: randomUUID(),
          userId: user.id,
          name,
          tokenHash: hashFeedToken(secret),
        });
        return { ...toPublic(record), token: secret };
      } catch (err) {
        if (!(err instanceof DuplicateError)) throw err;
        const winner = (await store.feedTokens.listByUser(user.id)).find(
          (t) => feedTokenNameKey(t.name) === key,
        );
        throw nameTaken(winner?.name ?? name);
      }
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
