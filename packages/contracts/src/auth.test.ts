import {
  loginRequestSchema,
  registerRequestSchema,
  updateUserRequestSchema,
  usernameRuleProblem,
} from './auth';

describe('registerRequestSchema', () => {
  it('trims the username and email and keeps the password as typed', () => {
    const parsed = registerRequestSchema.parse({
      username: '  alice ',
      email: ' a@b.co ',
      password: ' secret ',
    });
    expect(parsed).toEqual({ username: 'alice', email: 'a@b.co', password: ' secret ' });
  });

  it.each([
    [{ username: 'al', email: 'a@b.co', password: 'secret' }, 'username'],
    [{ username: 'alice', email: 'nope', password: 'secret' }, 'email'],
    [{ username: 'alice', email: 'a@b.co', password: '12345' }, 'password'],
    [{ username: 'x'.repeat(33), email: 'a@b.co', password: 'secret' }, 'username'],
    [{ username: 'alice', email: 'a@b.co', password: 'x'.repeat(129) }, 'password'],
  ])('rejects %j on %s', (input, field) => {
    const result = registerRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('username and password rules (a name must fit in HTTP Basic; a password must survive the login form)', () => {
  const valid = { email: 'a@b.co', password: 'secret' };

  it.each(['abc', 'Alice.Smith', 'o_brien-2', 'x'.repeat(32), '...', '0123'])(
    'accepts the username %j',
    (username) => {
      expect(registerRequestSchema.safeParse({ ...valid, username }).success).toBe(true);
      expect(updateUserRequestSchema.safeParse({ email: 'a@b.co', username }).success).toBe(true);
    },
  );

  it.each(['ann:ops', 'ann smith', 'tab\there', 'bell\u0007', 'zoë', 'a/b', 'a@b', 'x'.repeat(33)])(
    'rejects the username %j with a message that states the rule',
    (username) => {
      for (const schema of [registerRequestSchema, updateUserRequestSchema]) {
        const result = schema.safeParse({ ...valid, username });
        expect(result.success).toBe(false);
        const message = result.error?.issues.find((i) => i.path[0] === 'username')?.message ?? '';
        expect(message).toMatch(/letters|at most 32/);
      }
    },
  );

  it.each(['      ', ' '.repeat(20), '\t \t \t '])(
    'rejects a password of only whitespace (%j)',
    (password) => {
      const result = registerRequestSchema.safeParse({ username: 'alice', email: 'a@b.co', password });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Password must contain at least one character that is not a space',
      );
    },
  );

  it('keeps a password with spaces around other characters', () => {
    expect(
      registerRequestSchema.parse({ username: 'alice', email: 'a@b.co', password: '  a   ' }).password,
    ).toBe('  a   ');
  });

  it('tells a legacy account what is wrong with its name, and nothing for a valid one', () => {
    expect(usernameRuleProblem('alice_1')).toBeNull();
    expect(usernameRuleProblem('ann:ops')).toMatch(/letters/);
    expect(usernameRuleProblem('x'.repeat(40))).toMatch(/at most 32/);
  });
});

describe('loginRequestSchema', () => {
  it('still accepts the names of accounts made under the older, looser rules', () => {
    for (const username of ['ann:ops', 'ann smith', 'zoë', 'x'.repeat(64)]) {
      expect(loginRequestSchema.safeParse({ username, password: 'secret' }).success).toBe(true);
    }
  });

  it('rejects operator objects in place of strings', () => {
    const result = loginRequestSchema.safeParse({ username: { $gt: '' }, password: { $gt: '' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(2);
  });

  it('rejects a blank username after trimming', () => {
    expect(loginRequestSchema.safeParse({ username: '   ', password: 'x' }).success).toBe(false);
  });
});
