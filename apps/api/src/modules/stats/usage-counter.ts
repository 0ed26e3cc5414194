import type { Logger } from 'pino';
import type { Store, UsageDelta, UsageKind } from '../../store/types';

/**
 * Counts requests in memory and writes the sums to the store every few seconds (and before stats are read), so
 * counting costs a request nothing but a map update.
 */
export class UsageCounter {
  private pending = new Map<string, UsageDelta>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  count(kind: UsageKind, userId: string | null, projectId: string | null = null): void {
    const day = new Date().toISOString().slice(0, 10);
    const key = `${day}|${userId ?? ''}|${projectId ?? ''}|${kind}`;
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else this.pending.set(key, { day, userId, projectId, kind, count: 1 });
  }

  /** Writes what has been counted; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.size) return;
      const deltas = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.store.usage.add(deltas);
      } catch (err) {
        this.logger.warn({ err }, 'could not store usage counts; they will be retried');
        for (const d of deltas) {
          const key = `${d.day}|${d.userId ?? ''}|${d.projectId ?? ''}|${d.kind}`;
          const entry = this.pending.get(key);
          if (entry) entry.count += d.count;
          else this.pending.set(key, d);
        }
      }
    });
    return this.flushing;
  }

  start(intervalMs = 5000): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
