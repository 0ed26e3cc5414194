import { AxiosError, type AxiosResponse } from 'axios';
import { createQueryClient, retryQuery } from './query-client';

/** An error as axios throws it for an answer with `status`. */
const answered = (status: number) =>
  new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: { error: 'Project not found', code: 'PROJECT_NOT_FOUND' },
    headers: {},
  } as AxiosResponse);
const offline = () => new AxiosError('Network Error', 'ERR_NETWORK');

describe('retryQuery', () => {
  it.each([[400], [401], [403], [404], [409], [422]])(
    'does not retry a %i: the answer will not change',
    (status) => {
      expect(retryQuery(0, answered(status))).toBe(false);
    },
  );

  it.each([
    ['a 500', answered(500)],
    ['a 503', answered(503)],
    ['a 408', answered(408)],
    ['a 429', answered(429)],
    ['a lost connection', offline()],
    ['a non-HTTP error', new Error('boom')],
  ])('retries %s up to three times', (_, error) => {
    expect([0, 1, 2, 3].map((failures) => retryQuery(failures, error))).toEqual([true, true, true, false]);
  });
});

describe('createQueryClient', () => {
  it('fetches what is on screen again when a change answers 404 (the thing was deleted elsewhere), not otherwise', async () => {
    const client = createQueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const run = (error: unknown) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error) })
        .execute(undefined)
        .catch(() => undefined);
    await run(answered(409));
    await run(offline());
    expect(invalidate).not.toHaveBeenCalled();
    await run(answered(404));
    expect(invalidate).toHaveBeenCalledTimes(1);
    client.clear();
  });

  it('gives queries the retry rule', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(retryQuery);
  });
});
