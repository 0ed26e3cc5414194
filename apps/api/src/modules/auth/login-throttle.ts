import { describeRetryWait } from '@aec/contracts';
import { TooManyRequestsError } from '../../errors/app-error';

export interface LoginThrottleOptions {
  maxFailuresPerUser: number;
  maxFailuresPerIp: number;
  windowMs: number;
  /** Bound on tracked keys so a flood of distinct usernames cannot grow memory without limit. */
  maxKeys?: number;
  now?: () => number;
}

/**
 * What the auth service asks of a login throttle. The in-memory one (below) answers at once and serves the single
 * SQLite process; on MongoDB every instance shares one (mongo-login-throttle.ts), so the calls may be asynchronous.
 */
export interface LoginThrottling {
  /** Throws TooManyRequestsError while the username or the address has used up its failures. */
  assertAllowed(username: string, ip: string): void | Promise<void>;
  recordFailure(username: string, ip: string): void | Promise<void>;
  /** Forgets the username's failures (not the address's). */
  recordSuccess(username: string): void | Promise<void>;
}

/** The throttle's keys: usernames case-insensitively (as login finds them), addresses as given. */
export const userKey = (username: string): string => `u:${username.toLowerCase()}`;
export const ipKey = (ip: string): string => `ip:${ip}`;

/** The 429 for a wait of `waitMs` (> 0), saying how long the wait is. */
export function tooManyFailures(waitMs: number): TooManyRequestsError {
  return new TooManyRequestsError(
    `Too many failed login attempts. Try again in ${describeRetryWait(waitMs / 1000)}.`,
    waitMs / 1000,
  );
}

/**
 * Counts failed logins per username and per client address in a sliding window. Once either count reaches its
 * limit, further attempts are refused with 429 and Retry-After until the oldest failure leaves the window.
 */
export class LoginThrottle implements LoginThrottling {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  assertAllowed(username: string, ip: string): void {
    const wait = Math.max(
      this.waitMs(userKey(username), this.options.maxFailuresPerUser),
      this.waitMs(ipKey(ip), this.options.maxFailuresPerIp),
    );
    if (wait > 0) throw tooManyFailures(wait);
  }

  recordFailure(username: string, ip: string): void {
    this.push(userKey(username));
    this.push(ipKey(ip));
  }

  recordSuccess(username: string): void {
    this.failures.delete(userKey(username));
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.options.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private waitMs(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return recent[recent.length - limit]! + this.options.windowMs - this.now();
  }

  private push(key: string): void {
    const recent = this.recent(key);
    if (!recent.length && this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    recent.push(this.now());
    this.failures.set(
      key,
      recent.slice(-Math.max(this.options.maxFailuresPerIp, this.options.maxFailuresPerUser)),
    );
  }
}
