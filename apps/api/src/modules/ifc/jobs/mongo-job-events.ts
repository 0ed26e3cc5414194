import type { mongo } from 'mongoose';
import type { Logger } from 'pino';
import type { JobEvents, JobOutcome, LogEntry, LogFollower, NewLogEntry } from './job-events';

export const JOB_EVENTS_COLLECTION = 'job_events';

/** A stored entry: the spec's entry plus its job, the outcome it ends the log with, and when MongoDB drops it. */
export interface JobEventDoc extends LogEntry {
  jobId: string;
  outcome?: 'complete' | 'error';
  expiresAt: Date;
}

/** While a job runs its log is kept a day (no job runs that long); once it ends, 30 minutes as on one machine. */
export const KEEP_RUNNING_MS = 24 * 60 * 60 * 1000;
export const KEEP_FINISHED_MS = 30 * 60 * 1000;

export interface MongoJobEventsOptions {
  /** How often a follower asks MongoDB for new entries (FerretDB has no change streams to push them). */
  pollMs?: number;
}

const PAGE = 500;
/** How often an instance removes expired entries itself where the server has no TTL indexes (FerretDB). */
const EXPIRY_SWEEP_MS = 5 * 60_000;
const MAX_ID_RETRIES = 50;

const isDuplicateKey = (err: unknown): boolean => (err as { code?: number } | null)?.code === 11000;

const toEntry = ({ id, timestamp, message, type, progress, category }: JobEventDoc): LogEntry => ({
  id,
  timestamp,
  message,
  type,
  ...(progress !== undefined && progress !== null ? { progress } : {}),
  ...(category !== undefined && category !== null ? { category } : {}),
});

/**
 * Several instances on MongoDB (issue 16): a job's log is written by the API instance that received its upload and
 * by whichever worker runs it, and read by the SSE stream of any instance. Ids are 1, 2, 3… per job: an entry takes
 * the id after the newest this process knows of, and on a clash with another instance's (the unique index) the id
 * after the stored newest. An id is thus only ever taken once the one before it is stored, so a follower that has
 * read id n never misses an n-1 written later.
 */
export class MongoJobEvents implements JobEvents {
  private readonly collection: mongo.Collection<JobEventDoc>;
  private readonly chains = new Map<string, Promise<void>>();
  /** The newest id this process stored or saw per job with a pending write (the next write's first guess). */
  private readonly lastIds = new Map<string, number>();
  private indexes: Promise<void> | null = null;
  private readonly pollMs: number;
  private expirySweep: NodeJS.Timeout | null = null;

  constructor(
    db: mongo.Db,
    private readonly logger: Logger,
    options: MongoJobEventsOptions = {},
  ) {
    this.collection = db.collection<JobEventDoc>(JOB_EVENTS_COLLECTION);
    this.pollMs = options.pollMs ?? 250;
  }

  append(jobId: string, entry: NewLogEntry): void {
    this.enqueue(jobId, entry);
  }

  finish(jobId: string, outcome: 'complete' | 'error', entry: NewLogEntry): void {
    this.enqueue(jobId, entry, outcome);
  }

  async has(jobId: string): Promise<boolean> {
    await this.ensureIndexes();
    return (await this.collection.findOne({ jobId }, { projection: { _id: 1 } })) !== null;
  }

  async entriesAfter(jobId: string, afterId: number): Promise<LogEntry[]> {
    return (await this.docsAfter(jobId, afterId, 0)).map(toEntry);
  }

  async outcome(jobId: string): Promise<JobOutcome | null> {
    await this.ensureIndexes();
    const doc = await this.collection.findOne({ jobId, outcome: { $in: ['complete', 'error'] } });
    return doc?.outcome ? { kind: doc.outcome, entry: toEntry(doc) } : null;
  }

  follow(jobId: string, afterId: number, follower: LogFollower): () => void {
    let stopped = false;
    let last = afterId;
    let timer: NodeJS.Timeout | null = null;
    let wake: (() => void) | null = null;
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
    };
    const pause = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, this.pollMs);
      });
    const poll = async () => {
      while (!stopped) {
        let page: JobEventDoc[] = [];
        try {
          page = await this.docsAfter(jobId, last, PAGE);
        } catch (err) {
          this.logger.warn({ err, jobId }, 'could not read the job log');
        }
        for (const doc of page) {
          if (stopped) return;
          last = doc.id;
          if (doc.outcome) {
            stopped = true;
            follower.outcome({ kind: doc.outcome, entry: toEntry(doc) });
            return;
          }
          follower.entry(toEntry(doc));
        }
        if (page.length < PAGE) await pause();
      }
    };
    void poll();
    return stop;
  }

  async flushed(): Promise<void> {
    while (this.chains.size) await Promise.all(this.chains.values());
  }

  /** Whether this instance removes expired entries itself (the server refused the TTL index). */
  get sweepsExpired(): boolean {
    return this.expirySweep !== null;
  }

  /** Removes entries past their expiry; resolves to how many. */
  async removeExpired(now = new Date()): Promise<number> {
    return (await this.collection.deleteMany({ expiresAt: { $lt: now } })).deletedCount;
  }

  /** Stops the expiry sweep (shutdown). */
  close(): void {
    if (this.expirySweep) clearInterval(this.expirySweep);
    this.expirySweep = null;
  }

  private ensureIndexes(): Promise<void> {
    this.indexes ??= Promise.all([
      this.collection.createIndex({ jobId: 1, id: 1 }, { unique: true }),
      this.collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }).catch((err: unknown) => {
        // FerretDB has no TTL indexes: every instance then removes expired entries now and then (idempotent).
        this.logger.info(
          { err },
          'no TTL index for the job log: expired entries are removed by a periodic sweep',
        );
        this.startExpirySweep();
      }),
    ]).then(
      () => undefined,
      (err: unknown) => {
        this.indexes = null;
        throw err;
      },
    );
    return this.indexes;
  }

  private startExpirySweep(): void {
    if (this.expirySweep) return;
    this.expirySweep = setInterval(() => {
      this.removeExpired().catch((err: unknown) =>
        this.logger.warn({ err }, 'could not remove expired job log entries'),
      );
    }, EXPIRY_SWEEP_MS);
    this.expirySweep.unref();
  }

  private async docsAfter(jobId: string, afterId: number, limit: number): Promise<JobEventDoc[]> {
    await this.ensureIndexes();
    const cursor = this.collection.find({ jobId, id: { $gt: afterId } }).sort({ id: 1 });
    return (limit ? cursor.limit(limit) : cursor).toArray();
  }

  /** Writes one job's entries one after another, in the order they were appended, without holding up the caller. */
  private enqueue(jobId: string, entry: NewLogEntry, outcome?: 'complete' | 'error'): void {
    const timestamp = new Date().toISOString();
    const previous = this.chains.get(jobId) ?? Promise.resolve();
    const write = previous
      .then(() => this.store(jobId, { ...entry, timestamp }, outcome))
      .catch((err: unknown) => this.logger.error({ err, jobId }, 'could not store a job log entry'));
    this.chains.set(jobId, write);
    void write.then(() => {
      if (this.chains.get(jobId) === write) {
        this.chains.delete(jobId);
        this.lastIds.delete(jobId);
      }
    });
  }

  private async store(
    jobId: string,
    entry: Omit<LogEntry, 'id'>,
    outcome?: 'complete' | 'error',
  ): Promise<void> {
    await this.ensureIndexes();
    const expiresAt = new Date(Date.now() + (outcome ? KEEP_FINISHED_MS : KEEP_RUNNING_MS));
    let id = (this.lastIds.get(jobId) ?? (await this.newestId(jobId))) + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.collection.insertOne({ jobId, id, ...entry, ...(outcome ? { outcome } : {}), expiresAt });
        break;
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= MAX_ID_RETRIES) throw err;
        id = (await this.newestId(jobId)) + 1;
      }
    }
    this.lastIds.set(jobId, id);
    // The whole log of an ended job expires together, 30 minutes from now.
    if (outcome) await this.collection.updateMany({ jobId }, { $set: { expiresAt } });
  }

  private async newestId(jobId: string): Promise<number> {
    const [newest] = await this.collection
      .find({ jobId }, { projection: { id: 1 } })
      .sort({ id: -1 })
      .limit(1)
      .toArray();
    return newest?.id ?? 0;
  }
}
