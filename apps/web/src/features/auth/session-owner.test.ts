import { storedSessionChange, tokenSubject } from './session-owner';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;

describe('the owner of a stored session', () => {
  it('reads the user id from the token subject, unicode and all', () => {
    expect(tokenSubject(jwt({ sub: 'u-1', tv: 0 }))).toBe('u-1');
    expect(tokenSubject(jwt({ sub: 'ünïcødé-ユーザー' }))).toBe('ünïcødé-ユーザー');
  });

  it('says nothing for tokens that are not JWTs with a string subject', () => {
    for (const token of [
      '',
      'not-a-jwt',
      'a.!!!.c',
      jwt({ sub: 7 }),
      jwt({}),
      jwt('x'),
      jwt(null),
      `a.${'x'.repeat(5000)}.c`,
    ])
      expect(tokenSubject(token)).toBeNull();
  });

  it('tells a logout, a new login of the same user and another user apart', () => {
    const alice = jwt({ sub: 'alice-id' });
    const aliceAgain = jwt({ sub: 'alice-id', iat: 2 });
    const bob = jwt({ sub: 'bob-id' });
    expect(storedSessionChange(alice, alice, 'alice-id')).toBe('none');
    expect(storedSessionChange(null, null, null)).toBe('none');
    expect(storedSessionChange(null, alice, 'alice-id')).toBe('signed-out');
    expect(storedSessionChange(aliceAgain, alice, 'alice-id')).toBe('same-user');
    expect(storedSessionChange(bob, alice, 'alice-id')).toBe('other-user');
    // A token whose owner cannot be told, or a tab that shows no one yet: the session is loaded afresh.
    expect(storedSessionChange('garbage', alice, 'alice-id')).toBe('other-user');
    expect(storedSessionChange(aliceAgain, alice, null)).toBe('other-user');
    expect(storedSessionChange(bob, null, null)).toBe('other-user');
  });
});
