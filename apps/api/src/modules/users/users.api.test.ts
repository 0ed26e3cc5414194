import jwt from 'jsonwebtoken';
import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { buildTestApp, newAccount, registerAndLogin, TEST_SECRET } from '../../test/test-app';
import type { Store } from '../../store/types';

describeEachStore('/mongo/user endpoints', (target) => {
  let store: Store;
  let app: ReturnType<typeof buildTestApp>;
  beforeAll(async () => {
    store = await target.open();
    app = buildTestApp(store);
  });
  afterAll(() => target.dispose(store));

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('GET /me returns {user: {id, username, email, createdAt}} and nothing secret', async () => {
    const { account, token } = await registerAndLogin(app);
    const res = await request(app).get('/mongo/user/me').set(bearer(token)).expect(200);
    expect(Object.keys(res.body.user).sort()).toEqual(['createdAt', 'email', 'id', 'username']);
    expect(res.body.user.username).toBe(account.username);
  });

  it.each([
    ['no header', {}],
    ['a malformed token', bearer('x.y.z')],
    ['a non-bearer scheme', { Authorization: 'Basic abc' }],
  ])('GET /me answers 401 with %s', async (_label, headers) => {
    const res = await request(app).get('/mongo/user/me').set(headers).expect(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('refuses forged, alg-none and expired tokens', async () => {
    const { user } = await registerAndLogin(app);
    const forged = jwt.sign({ tv: 0 }, 'another-secret-another-secret-another', { subject: user.id });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: user.id, tv: 0 }),
    ).toString('base64url')}.`;
    const expired = jwt.sign({ tv: 0, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_SECRET, {
      subject: user.id,
    });
    for (const token of [forged, none, expired]) {
      await request(app).get('/mongo/user/me').set(bearer(token)).expect(401);
    }
  });

  it('PUT /update changes username and email, validates, and answers 409 on conflicts', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    const renamed = newAccount('renamed');
    const ok = await request(app)
      .put('/mongo/user/update')
      .set(bearer(a.token))
      .send({ username: renamed.username, email: renamed.email })
      .expect(200);
    expect(ok.body.user).toMatchObject({ username: renamed.username, email: renamed.email });
    const me = await request(app).get('/mongo/user/me').set(bearer(a.token)).expect(200);
    expect(me.body.user.email).toBe(renamed.email);

    const taken = await request(app)
      .put('/mongo/user/update')
      .set(bearer(b.token))
      .send({ username: renamed.username, email: b.account.email })
      .expect(409);
    expect(taken.body.error).toBe('Username already taken');
    const takenEmail = await request(app)
      .put('/mongo/user/update')
      .set(bearer(b.token))
      .send({ username: b.account.username, email: renamed.email })
      .expect(409);
    expect(takenEmail.body.error).toBe('Email already registered');

    await request(app)
      .put('/mongo/user/update')
      .set(bearer(b.token))
      .send({ username: 'x', email: 'bad' })
      .expect(400);
    await request(app)
      .put('/mongo/user/update')
      .set(bearer(b.token))
      .send({ username: { $ne: null }, email: b.account.email })
      .expect(400);
    await request(app).put('/mongo/user/update').send({ username: 'abc', email: 'a@b.co' }).expect(401);
  });

  it('keeps an account named under the older rules usable: it logs in and may rename itself to a valid name', async () => {
    const { account, user } = await registerAndLogin(app);
    const legacyName = `ann:ops ${account.username.slice(-6)}`;
    await store.users.update(user.id, { username: legacyName });
    const login = await request(app)
      .post('/mongo/auth/login')
      .send({ username: legacyName, password: account.password })
      .expect(200);
    expect(login.body.user.username).toBe(legacyName);

    const keepsBadName = await request(app)
      .put('/mongo/user/update')
      .set(bearer(login.body.token))
      .send({ username: legacyName, email: account.email })
      .expect(400);
    expect(keepsBadName.body).toMatchObject({
      error: expect.stringMatching(/only letters/),
      code: 'VALIDATION_ERROR',
    });

    const validName = `ann.ops-${account.username.slice(-6)}`;
    await request(app)
      .put('/mongo/user/update')
      .set(bearer(login.body.token))
      .send({ username: validName, email: account.email })
      .expect(200);
    await request(app)
      .post('/mongo/auth/login')
      .send({ username: validName, password: account.password })
      .expect(200);
    await request(app)
      .post('/mongo/auth/login')
      .send({ username: legacyName, password: account.password })
      .expect(404);
  });

  it('DELETE /delete removes the account; its tokens stop working at once and the name is free again', async () => {
    const { account, token } = await registerAndLogin(app);
    const second = await request(app).post('/mongo/auth/login').send(account).expect(200);
    expect(
      (await request(app).delete('/mongo/user/delete').set(bearer(token)).expect(200)).body.message,
    ).toBe('Account deleted');
    await request(app).get('/mongo/user/me').set(bearer(token)).expect(401);
    await request(app).get('/mongo/user/me').set(bearer(second.body.token)).expect(401);
    await request(app).delete('/mongo/user/delete').set(bearer(token)).expect(401);
    const gone = await request(app).post('/mongo/auth/login').send(account).expect(404);
    expect(gone.body.error).toBe('User not found');
    await request(app).post('/mongo/auth/register').send(account).expect(201);
  });

  it('refuses a token whose user has a newer token version (revoked)', async () => {
    const { user } = await registerAndLogin(app);
    const stale = jwt.sign({ tv: 7 }, TEST_SECRET, { subject: user.id, algorithm: 'HS256' });
    await request(app).get('/mongo/user/me').set(bearer(stale)).expect(401);
  });
});
