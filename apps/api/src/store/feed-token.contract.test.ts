import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import { DuplicateError, type Store } from './types';

describeEachStore('store contract: feed tokens and newsletter', (target) => {
  let store: Store;
  beforeAll(async () => {
    store = await target.open();
  });
  afterAll(() => target.dispose(store));

  const newUser = () =>
    store.users.create({
      username: `ft_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });

  it('creates, lists (newest first), finds by hash, touches and deletes a user’s tokens', async () => {
    const user = await newUser();
    const a = await store.feedTokens.create({
      id: randomUUID(),
      userId: user.id,
      name: 'Tableau',
      tokenHash: randomUUID(),
    });
    await new Promise((r) => setTimeout(r, 5));
    const b = await store.feedTokens.create({
      id: randomUUID(),
      userId: user.id,
      name: 'Power BI',
      tokenHash: randomUUID(),
    });
    expect(a).toMatchObject({ userId: user.id, name: 'Tableau', lastUsedAt: null });
    expect((await store.feedTokens.listByUser(user.id)).map((t) => t.id)).toEqual([b.id, a.id]);
    expect((await store.feedTokens.findByHash(a.tokenHash))?.id).toBe(a.id);
    expect(await store.feedTokens.findByHash('nope')).toBeNull();
    const at = new Date().toISOString();
    await store.feedTokens.touch(a.id, at);
    expect((await store.feedTokens.findByHash(a.tokenHash))?.lastUsedAt).toBe(at);
    const other = await newUser();
    expect(await store.feedTokens.delete(other.id, a.id)).toBe(false);
    expect(await store.feedTokens.delete(user.id, a.id)).toBe(true);
    expect(await store.feedTokens.findByHash(a.tokenHash)).toBeNull();
  });

  it('refuses a second token of a user’s name in any case or Unicode composition, even when both are written at once', async () => {
    const user = await newUser();
    const other = await newUser();
    const create = (userId: string, name: string) =>
      store.feedTokens.create({ id: randomUUID(), userId, name, tokenHash: randomUUID() });
    // 'Café' composed (U+00E9) and decomposed (e + U+0301), in two cases: one name to a reader
    const results = await Promise.allSettled([
      create(user.id, 'Caf\u00e9 BI'),
      create(user.id, 'CAFE\u0301 bi'),
      create(user.id, 'café bi'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateError);
    expect(await store.feedTokens.listByUser(user.id)).toHaveLength(1);
    // another user may use it, and a name that differs is another token
    await expect(create(other.id, 'Café BI')).resolves.toMatchObject({ name: 'Café BI' });
    await expect(create(user.id, 'Café BI 2')).resolves.toMatchObject({ name: 'Café BI 2' });
    // the name is free again once its token is revoked
    const [only] = (await store.feedTokens.listByUser(user.id)).filter((t) => t.name !== 'Café BI 2');
    expect(await store.feedTokens.delete(user.id, only!.id)).toBe(true);
    await expect(create(user.id, 'CAFÉ BI')).resolves.toMatchObject({ name: 'CAFÉ BI' });
  });

  it('removes a user’s tokens with the user', async () => {
    const user = await newUser();
    const t = await store.feedTokens.create({
      id: randomUUID(),
      userId: user.id,
      name: 'x',
      tokenHash: randomUUID(),
    });
    await store.users.delete(user.id);
    expect(await store.feedTokens.findByHash(t.tokenHash)).toBeNull();
  });

  it('subscribes an email once, case-insensitively', async () => {
    const email = `News_${randomUUID().slice(0, 8)}@Example.com`;
    expect(await store.newsletter.subscribe(email)).toBe('created');
    expect(await store.newsletter.subscribe(email.toLowerCase())).toBe('exists');
  });
});
