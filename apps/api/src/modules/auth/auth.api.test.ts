import bcrypt from 'bcryptjs';
import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { buildTestApp, newAccount } from '../../test/test-app';
import type { Store } from '../../store/types';

describeEachStore('POST /mongo/auth/register and /login', (target) => {
  let store: Store;
  let app: ReturnType<typeof buildTestApp>;
  beforeAll(async () => {
    store = await target.open();
    app = buildTestApp(store, { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  });
  afterAll(() => target.dispose(store));

  it('registers with 201, trims the username and never returns the password or hash', async () => {
    const account = newAccount();
    const res = await request(app)
      .post('/mongo/auth/register')
      .send({ ...account, username: `  ${account.username}  ` })
      .expect(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      username: account.username,
      email: account.email,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|secret12/i);
  });

  it.each([
    ['a short username', { username: 'ab' }, /Username must be at least 3/],
    ['a long username', { username: 'x'.repeat(33) }, /Username must be at most 32/],
    [
      'a username with a colon (HTTP Basic cannot carry it)',
      { username: 'ann:ops' },
      /only letters .*digits/,
    ],
    ['a username with a space', { username: 'ann smith' }, /only letters .*digits/],
    ['a username with a control character', { username: 'ann\u0000x' }, /only letters .*digits/],
    ['a username with a non-ASCII letter', { username: 'zoë_k' }, /only letters \(A-Z, a-z\)/],
    ['a password of only spaces', { password: '        ' }, /at least one character that is not a space/],
    ['an invalid email', { email: 'not-an-email' }, /valid email/],
    ['a short password', { password: '12345' }, /Password must be at least 6/],
    ['a long password', { password: 'x'.repeat(129) }, /Password must be at most 128/],
    ['an operator object', { username: { $gt: '' } }, /Username must be a string/],
    ['a number for the email', { email: 42 }, /Email must be a string/],
  ])('rejects %s with 400 and a readable error', async (_label, patch, message) => {
    const res = await request(app)
      .post('/mongo/auth/register')
      .send({ ...newAccount(), ...patch })
      .expect(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('gives a value of the wrong type one message, without the length rules of a string', async () => {
    const res = await request(app)
      .post('/mongo/auth/register')
      .send({ ...newAccount(), password: [], username: 'ab' })
      .expect(400);
    expect(res.body.details).toEqual([
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'password', message: 'Password must be a string' },
    ]);
    expect(res.body.error).toBe('Username must be at least 3 characters; Password must be a string');
  });

  it('rejects a missing body and malformed JSON with 400', async () => {
    expect((await request(app).post('/mongo/auth/register').expect(400)).body.error).toMatch(/Username/);
    const bad = await request(app)
      .post('/mongo/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"username":')
      .expect(400);
    expect(bad.body).toEqual({ error: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  // (a bare number or null is refused by the JSON parser itself, as malformed: only objects and arrays get here)
  it.each([
    ['an empty array', '[]'],
    ['an array of the fields', '[{"username":"ada_b"}]'],
  ])('answers a JSON body that is %s with what to send', async (_, body) => {
    const res = await request(app)
      .post('/mongo/auth/register')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(res.body).toEqual({
      error: 'The request body must be a JSON object',
      code: 'VALIDATION_ERROR',
      details: [{ field: '(body)', message: 'The request body must be a JSON object' }],
    });
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
  ])('answers 415 saying what to send for a JSON body sent as %s, and registers nobody', async (_, type) => {
    const account = newAccount();
    const res = await request(app)
      .post('/mongo/auth/register')
      .set('Content-Type', type)
      .send(JSON.stringify(account))
      .expect(415);
    expect(res.body).toEqual({
      error: `The request body must be JSON (Content-Type: application/json), or multipart/form-data for a file upload; it was ${type}`,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await request(app).post('/mongo/auth/register').send(account).expect(201);
  });

  it('lets a request without a body through whatever its Content-Type', async () => {
    const res = await request(app).post('/mongo/auth/register').set('Content-Type', 'text/plain').expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await request(app)
      .post('/mongo/auth/register')
      .send({ ...newAccount(), padding: 'x'.repeat(1024 * 1024 + 10) })
      .expect(413);
    expect(res.body.error).toBe('Request body too large');
  });

  it('answers 409 for a username taken in another case and for a taken email', async () => {
    const account = newAccount();
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    const sameName = await request(app)
      .post('/mongo/auth/register')
      .send({ ...newAccount(), username: account.username.toUpperCase() })
      .expect(409);
    expect(sameName.body.error).toBe('Username already taken');
    const sameEmail = await request(app)
      .post('/mongo/auth/register')
      .send({ ...newAccount(), email: account.email.toUpperCase() })
      .expect(409);
    expect(sameEmail.body.error).toBe('Email already registered');
  });

  it('logs in with a token and the user; the token opens /mongo/user/me', async () => {
    const account = newAccount();
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    const res = await request(app)
      .post('/mongo/auth/login')
      .send({ username: ` ${account.username.toUpperCase()} `, password: account.password })
      .expect(200);
    expect(res.body.token.split('.')).toHaveLength(3);
    expect(res.body.user.username).toBe(account.username);
    const me = await request(app)
      .get('/mongo/user/me')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it('tells apart long passwords that differ after their 72nd byte (bcrypt alone would not)', async () => {
    const account = { ...newAccount(), password: `${'Gebäude-Passwort '.repeat(5)}A` };
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    const login = (password: string) =>
      request(app).post('/mongo/auth/login').send({ username: account.username, password });
    await login(`${'Gebäude-Passwort '.repeat(5)}B`).expect(401);
    await login(account.password).expect(200);
  });

  it('replaces a hash made before at the next login, and the password keeps working', async () => {
    const account = newAccount();
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    const user = (await store.users.findByUsername(account.username))!;
    // as accounts created before the password was digested first: bcrypt over the password itself
    await store.users.update(user.id, { passwordHash: await bcrypt.hash(account.password, 4) });
    const login = () => request(app).post('/mongo/auth/login').send(account);
    const before = await login().expect(200);
    const rehashed = (await store.users.findById(user.id))!;
    expect(rehashed.passwordHash).toMatch(/^sha256\$\$2[aby]\$/);
    await login().expect(200);
    // the session signed before the rehash still opens the account
    await request(app).get('/mongo/user/me').set('Authorization', `Bearer ${before.body.token}`).expect(200);
  });

  it('answers 404 "User not found" and 401 "Incorrect password" with the spec texts', async () => {
    const missing = await request(app)
      .post('/mongo/auth/login')
      .send({ username: 'nobody_here_' + Date.now(), password: 'whatever' })
      .expect(404);
    expect(missing.body.error).toBe('User not found');
    const account = newAccount();
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    const wrong = await request(app)
      .post('/mongo/auth/login')
      .send({ username: account.username, password: 'wrong-password' })
      .expect(401);
    expect(wrong.body.error).toBe('Incorrect password');
  });

  it('rejects operator injection and blank fields on login with 400', async () => {
    await request(app)
      .post('/mongo/auth/login')
      .send({ username: { $gt: '' }, password: { $gt: '' } })
      .expect(400);
    await request(app).post('/mongo/auth/login').send({ username: '   ', password: 'x' }).expect(400);
    await request(app)
      .post('/mongo/auth/login')
      .send({ username: ['a'], password: 'x' })
      .expect(400);
  });

  it('meets brute force on one username with 429 and Retry-After, even with the right password', async () => {
    const account = newAccount();
    await request(app).post('/mongo/auth/register').send(account).expect(201);
    for (let i = 0; i < 3; i++) {
      await request(app)
        .post('/mongo/auth/login')
        .send({ username: account.username, password: 'bad' })
        .expect(401);
    }
    const blocked = await request(app).post('/mongo/auth/login').send(account).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.error).toMatch(/Too many/);
  });
});

describeEachStore('per-address login throttle', (target) => {
  let store: Store;
  beforeAll(async () => {
    store = await target.open();
  });
  afterAll(() => target.dispose(store));

  it('refuses an address that fails across many usernames', async () => {
    const app = buildTestApp(store, { LOGIN_MAX_FAILURES_PER_USER: '100', LOGIN_MAX_FAILURES_PER_IP: '4' });
    for (let i = 0; i < 4; i++) {
      await request(app)
        .post('/mongo/auth/login')
        .send({ username: `ghost${i}_x`, password: 'x' })
        .expect(404);
    }
    const res = await request(app)
      .post('/mongo/auth/login')
      .send({ username: 'ghost9_x', password: 'x' })
      .expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
