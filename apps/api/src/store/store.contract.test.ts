import { describeEachStore } from '../test/store-fixtures';
import { DuplicateError, type Store } from './types';

describeEachStore('store contract: users', (target) => {
  let store: Store;
  beforeAll(async () => {
    store = await target.open();
  });
  afterAll(async () => {
    await target.dispose(store);
  });

  const unique = () => Math.random().toString(36).slice(2, 10);
  const newUser = (name = `user_${unique()}`) => ({
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'hash',
  });

  it('creates a user with an id, timestamps and token version 0', async () => {
    const created = await store.users.create(newUser('Alice_' + unique()));
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.tokenVersion).toBe(0);
    expect(new Date(created.createdAt).toString()).not.toBe('Invalid Date');
    expect(await store.users.findById(created.id)).toEqual(created);
  });

  it('finds by username case-insensitively', async () => {
    const name = 'MiXeD_' + unique();
    const created = await store.users.create(newUser(name));
    expect((await store.users.findByUsername(name.toUpperCase()))?.id).toBe(created.id);
    expect(await store.users.findByUsername('nobody_' + unique())).toBeNull();
  });

  it('rejects a duplicate username regardless of case, through the database', async () => {
    const name = 'dup_' + unique();
    await store.users.create(newUser(name));
    await expect(
      store.users.create({
        username: name.toUpperCase(),
        email: `${unique()}@example.com`,
        passwordHash: 'h',
      }),
    ).rejects.toEqual(new DuplicateError('username'));
  });

  it('rejects a duplicate email regardless of case', async () => {
    const first = newUser();
    await store.users.create(first);
    await expect(
      store.users.create({
        username: 'other_' + unique(),
        email: first.email.toUpperCase(),
        passwordHash: 'h',
      }),
    ).rejects.toEqual(new DuplicateError('email'));
  });

  it('updates username and email and keeps uniqueness on update', async () => {
    const a = await store.users.create(newUser());
    const b = await store.users.create(newUser());
    const renamed = 'renamed_' + unique();
    const updated = await store.users.update(a.id, { username: renamed, email: `${renamed}@example.org` });
    expect(updated).toMatchObject({ id: a.id, username: renamed, email: `${renamed}@example.org` });
    expect((await store.users.findByUsername(renamed))?.id).toBe(a.id);
    await expect(store.users.update(b.id, { username: renamed.toUpperCase() })).rejects.toEqual(
      new DuplicateError('username'),
    );
    await expect(store.users.update(b.id, { email: `${renamed}@EXAMPLE.org` })).rejects.toEqual(
      new DuplicateError('email'),
    );
    expect(await store.users.update('missing-id', { username: 'x_' + unique() })).toBeNull();
  });

  it('replaces a password hash and keeps the token version (sessions stay valid)', async () => {
    const user = await store.users.create(newUser());
    const updated = await store.users.update(user.id, { passwordHash: 'sha256$new-hash' });
    expect(updated).toMatchObject({ id: user.id, username: user.username, passwordHash: 'sha256$new-hash' });
    expect(updated?.tokenVersion).toBe(user.tokenVersion);
    expect((await store.users.findById(user.id))?.passwordHash).toBe('sha256$new-hash');
  });

  it('keeps both of two updates made at once: a new password and a new email', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await store.users.create(newUser());
      const email = `moved_${unique()}@example.com`;
      await Promise.all([
        store.users.update(user.id, { passwordHash: `sha256$round-${round}` }),
        store.users.update(user.id, { email }),
      ]);
      expect(await store.users.findById(user.id)).toMatchObject({
        passwordHash: `sha256$round-${round}`,
        email,
      });
    }
  });

  it('deletes a user, frees the name, and reports a missing user', async () => {
    const user = await store.users.create(newUser());
    expect(await store.users.delete(user.id)).toBe(true);
    expect(await store.users.findById(user.id)).toBeNull();
    expect(await store.users.delete(user.id)).toBe(false);
    const again = await store.users.create({ ...newUser(user.username), email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it('answers ping while open', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
