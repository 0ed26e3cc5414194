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
 * Counts failed logins per username and per client address in a sliding window. Once either count reaches its
 * limit, further attempts are refused with 429 and Retry-After until the oldest failure leaves the window.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  assertAllowed(username: string, ip: string): void {
    const wait = Math.max(
      this.waitMs(`u:${username.toLowerCase()}`, this.options.maxFailuresPerUser),
      this.waitMs(`ip:${ip}`, this.options.maxFailuresPerIp),
    );
    if (wait > 0) {
      throw new TooManyRequestsError(
        `Too many failed login attempts. Try again in ${describeRetryWait(wait / 1000)}.`,
        wait / 1000,
      );
    }
  }

  recordFailure(username: string, ip: string): void {
    this.push(`u:${username.toLowerCase()}`);
    this.push(`ip:${ip}`);
  }

  recordSuccess(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
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
