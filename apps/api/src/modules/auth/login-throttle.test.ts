import { TooManyRequestsError } from '../../errors/app-error';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  let clock = 0;
  const make = () =>
    new LoginThrottle({ maxFailuresPerUser: 3, maxFailuresPerIp: 5, windowMs: 60_000, now: () => clock });
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('refuses a username after the limit, with the wait until the oldest failure expires', () => {
    const t = make();
    for (let i = 0; i < 3; i++) {
      t.assertAllowed('Alice', '1.1.1.1');
      t.recordFailure('Alice', '1.1.1.1');
      clock += 1000;
    }
    let caught: unknown;
    try {
      t.assertAllowed('alice', '2.2.2.2');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(TooManyRequestsError);
    expect((caught as TooManyRequestsError).headers['Retry-After']).toBe('57');
    clock += 57_000;
    expect(() => t.assertAllowed('alice', '2.2.2.2')).not.toThrow();
  });

  it('says in its message how long the wait is, in whole minutes or seconds', () => {
    const message = (t: LoginThrottle) => {
      try {
        t.assertAllowed('carol', '3.3.3.3');
      } catch (err) {
        return (err as TooManyRequestsError).message;
      }
      return 'allowed';
    };
    const t = new LoginThrottle({
      maxFailuresPerUser: 2,
      maxFailuresPerIp: 50,
      windowMs: 900_000,
      now: () => clock,
    });
    t.recordFailure('carol', '3.3.3.3');
    t.recordFailure('carol', '3.3.3.3');
    expect(message(t)).toBe('Too many failed login attempts. Try again in 15 minutes.');
    clock += 719_000;
    expect(message(t)).toBe('Too many failed login attempts. Try again in 4 minutes.');
    clock += 121_500;
    expect(message(t)).toBe('Too many failed login attempts. Try again in 1 minute.');
    clock += 50_000;
    expect(message(t)).toBe('Too many failed login attempts. Try again in 10 seconds.');
    clock += 9_000;
    expect(message(t)).toBe('Too many failed login attempts. Try again in 1 second.');
  });

  it('refuses an address that fails across many usernames', () => {
    const t = make();
    for (let i = 0; i < 5; i++) t.recordFailure(`user${i}`, '9.9.9.9');
    expect(() => t.assertAllowed('fresh', '9.9.9.9')).toThrow(TooManyRequestsError);
    expect(() => t.assertAllowed('fresh', '8.8.8.8')).not.toThrow();
  });

  it('forgets a username’s failures after a successful login', () => {
    const t = make();
    for (let i = 0; i < 2; i++) t.recordFailure('bob', `10.0.0.${i}`);
    t.recordSuccess('bob');
    t.recordFailure('bob', '10.0.0.9');
    expect(() => t.assertAllowed('bob', '10.0.0.10')).not.toThrow();
  });

  it('keeps memory bounded under a flood of distinct keys', () => {
    const t = new LoginThrottle({
      maxFailuresPerUser: 3,
      maxFailuresPerIp: 1000,
      windowMs: 60_000,
      maxKeys: 50,
      now: () => clock,
    });
    for (let i = 0; i < 500; i++) t.recordFailure(`u${i}`, '1.2.3.4');
    expect((t as unknown as { failures: Map<string, unknown> }).failures.size).toBeLessThanOrEqual(51);
  });
});
