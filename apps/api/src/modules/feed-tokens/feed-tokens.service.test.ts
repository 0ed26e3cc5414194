import { FEED_TOKEN_NAME_TAKEN } from '@aec/contracts';
import { ConflictError } from '../../errors/app-error';
import { DuplicateError, type FeedTokenRecord, type Store, type UserRecord } from '../../store/types';
import { createFeedTokensService } from './feed-tokens.service';

const user = { id: 'u1', username: 'ada' } as UserRecord;
const winner: FeedTokenRecord = {
  id: 't1',
  userId: 'u1',
  name: 'Power BI',
  tokenHash: 'h',
  createdAt: '2026-11-26T00:00:00.000Z',
  lastUsedAt: null,
};

describe('feed tokens service: a name taken by a request that won the race', () => {
  it('answers 409 FEED_TOKEN_NAME_TAKEN naming the token the store kept', async () => {
    // the service's own check saw no such token (the other request had not stored it yet); the store refuses
    const lists = [[], [winner]];
    const store = {
      feedTokens: {
        listByUser: jest.fn(async () => lists.shift() ?? []),
        create: jest.fn(async () => {
          throw new DuplicateError('feedTokenName');
        }),
      },
    } as unknown as Store;
    const error = await createFeedTokensService({ store })
      .create(user, 'power bi')
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      status: 409,
      code: FEED_TOKEN_NAME_TAKEN,
      message:
        'You already have a feed token named "Power BI"; give this one another name so the two can be told apart.',
    });
  });

  it('lets any other store error through', async () => {
    const store = {
      feedTokens: {
        listByUser: async () => [],
        create: async () => {
          throw new Error('disk I/O error');
        },
      },
    } as unknown as Store;
    await expect(createFeedTokensService({ store }).create(user, 'x')).rejects.toThrow('disk I/O error');
  });
});
