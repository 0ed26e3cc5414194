import { randomUUID } from 'node:crypto';
import { describeEachStore } from '../test/store-fixtures';
import type { Store } from './types';

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
