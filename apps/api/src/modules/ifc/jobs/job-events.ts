import { EventEmitter } from 'node:events';

/** A processing log entry, in the spec's shape (§3 Processing log entry). */
export interface LogEntry {
  id: number;
  timestamp: string;
  message: string;
  type: 'info' | 'success' | 'error';
  progress?: number;
  category?: 'upload' | 'parse' | 'extract' | 'complete';
}

export type NewLogEntry = Omit<LogEntry, 'id' | 'timestamp'>;

export type JobOutcome = { kind: 'complete' | 'error'; entry: LogEntry };

/** What a follower of a job's log is told: each entry once, in id order, then the outcome (and nothing after). */
export interface LogFollower {
  entry(entry: LogEntry): void;
  outcome(outcome: JobOutcome): void;
}

/**
 * The live log of every job. Writers (the API instance that received the upload, the worker that runs the job)
 * append without waiting: the entries of one job are stored in order and a failed write is logged, never thrown
 * into the job. Readers (the SSE stream) replay what a client missed (Last-Event-ID) and follow new entries.
 * On SQLite the log lives in this process's memory (MemoryJobEvents); on MongoDB it is the `job_events` collection
 * every instance reads (MongoJobEvents).
 */
export interface JobEvents {
  append(jobId: string, entry: NewLogEntry): void;
  finish(jobId: string, outcome: 'complete' | 'error', entry: NewLogEntry): void;
  has(jobId: string): Promise<boolean>;
  entriesAfter(jobId: string, afterId: number): Promise<LogEntry[]>;
  outcome(jobId: string): Promise<JobOutcome | null>;
  /** Follows a job's log from after `afterId`; returns the function that stops following. */
  follow(jobId: string, afterId: number, follower: LogFollower): () => void;
  /** Resolves once every entry appended so far by this process has been stored (or its failure logged). */
  flushed(): Promise<void>;
}

interface MemoryLog {
  entries: LogEntry[];
  outcome: JobOutcome | null;
  emitter: EventEmitter;
  finishedAt: number | null;
}

const MAX_ENTRIES = 500;
const KEEP_FINISHED_MS = 30 * 60 * 1000;

/** One process (SQLite): entries are kept in memory (bounded, finished logs for 30 minutes). */
export class MemoryJobEvents implements JobEvents {
  private readonly logs = new Map<string, MemoryLog>();

  private log(jobId: string): MemoryLog {
    let log = this.logs.get(jobId);
    if (!log) {
      log = { entries: [], outcome: null, emitter: new EventEmitter(), finishedAt: null };
      log.emitter.setMaxListeners(0);
      this.logs.set(jobId, log);
    }
    return log;
  }

  append(jobId: string, entry: NewLogEntry, outcome?: 'complete' | 'error'): void {
    const log = this.log(jobId);
    const last = log.entries[log.entries.length - 1];
    const full: LogEntry = { id: (last?.id ?? 0) + 1, timestamp: new Date().toISOString(), ...entry };
    log.entries.push(full);
    if (log.entries.length > MAX_ENTRIES) log.entries.splice(1, log.entries.length - MAX_ENTRIES);
    // The outcome is known before followers hear of the entry, so they send it as the outcome, not as a log line.
    if (outcome) {
      log.outcome = { kind: outcome, entry: full };
      log.finishedAt = Date.now();
    }
    log.emitter.emit('entry', full);
  }

  finish(jobId: string, outcome: 'complete' | 'error', entry: NewLogEntry): void {
    this.append(jobId, entry, outcome);
    this.prune();
  }

  async has(jobId: string): Promise<boolean> {
    return this.logs.has(jobId);
  }

  async entriesAfter(jobId: string, afterId: number): Promise<LogEntry[]> {
    return (this.logs.get(jobId)?.entries ?? []).filter((e) => e.id > afterId);
  }

  async outcome(jobId: string): Promise<JobOutcome | null> {
    return this.logs.get(jobId)?.outcome ?? null;
  }

  follow(jobId: string, afterId: number, follower: LogFollower): () => void {
    const log = this.log(jobId);
    let sent = afterId;
    let done = false;
    const stop = () => {
      done = true;
      log.emitter.off('entry', deliver);
    };
    function deliver(entry: LogEntry) {
      if (done || entry.id <= sent) return;
      sent = entry.id;
      if (log.outcome?.entry.id === entry.id) {
        stop();
        follower.outcome(log.outcome);
      } else follower.entry(entry);
    }
    log.emitter.on('entry', deliver);
    for (const entry of log.entries.filter((e) => e.id > afterId)) deliver(entry);
    return stop;
  }

  async flushed(): Promise<void> {}

  private prune(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [id, log] of this.logs)
      if (log.finishedAt !== null && log.finishedAt < cutoff) this.logs.delete(id);
  }
}
