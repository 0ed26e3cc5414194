import { loginRequestSchema, registerRequestSchema } from './auth';

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
    [{ username: 'x'.repeat(65), email: 'a@b.co', password: 'secret' }, 'username'],
    [{ username: 'alice', email: 'a@b.co', password: 'x'.repeat(129) }, 'password'],
  ])('rejects %j on %s', (input, field) => {
    const result = registerRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('loginRequestSchema', () => {
  it('rejects operator objects in place of strings', () => {
    const result = loginRequestSchema.safeParse({ username: { $gt: '' }, password: { $gt: '' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(2);
  });

  it('rejects a blank username after trimming', () => {
    expect(loginRequestSchema.safeParse({ username: '   ', password: 'x' }).success).toBe(false);
  });
});
