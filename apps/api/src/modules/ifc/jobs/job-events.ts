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

export type JobOutcome = { kind: 'complete'; entry: LogEntry } | { kind: 'error'; entry: LogEntry };

interface JobLog {
  entries: LogEntry[];
  outcome: JobOutcome | null;
  emitter: EventEmitter;
  finishedAt: number | null;
}

const MAX_ENTRIES = 500;
const KEEP_FINISHED_MS = 30 * 60 * 1000;

/**
 * The live log of every job: entries are kept (bounded) so a client that connects late, or reconnects with
 * Last-Event-ID, replays what it missed before following new entries.
 */
export class JobEvents {
  private readonly logs = new Map<string, JobLog>();

  private log(jobId: string): JobLog {
    let log = this.logs.get(jobId);
    if (!log) {
      log = { entries: [], outcome: null, emitter: new EventEmitter(), finishedAt: null };
      log.emitter.setMaxListeners(0);
      this.logs.set(jobId, log);
    }
    return log;
  }

  append(jobId: string, entry: Omit<LogEntry, 'id' | 'timestamp'>): LogEntry {
    const log = this.log(jobId);
    const last = log.entries[log.entries.length - 1];
    const full: LogEntry = { id: (last?.id ?? 0) + 1, timestamp: new Date().toISOString(), ...entry };
    log.entries.push(full);
    if (log.entries.length > MAX_ENTRIES) log.entries.splice(1, log.entries.length - MAX_ENTRIES);
    log.emitter.emit('entry', full);
    return full;
  }

  finish(jobId: string, outcome: 'complete' | 'error', entry: Omit<LogEntry, 'id' | 'timestamp'>): void {
    const full = this.append(jobId, entry);
    const log = this.log(jobId);
    log.outcome = { kind: outcome, entry: full };
    log.finishedAt = Date.now();
    log.emitter.emit('outcome', log.outcome);
    this.prune();
  }

  has(jobId: string): boolean {
    return this.logs.has(jobId);
  }

  entriesAfter(jobId: string, afterId: number): LogEntry[] {
    return (this.logs.get(jobId)?.entries ?? []).filter((e) => e.id > afterId);
  }

  outcome(jobId: string): JobOutcome | null {
    return this.logs.get(jobId)?.outcome ?? null;
  }

  /** Follows a job; returns the unsubscribe function. */
  subscribe(jobId: string, onEntry: (e: LogEntry) => void, onOutcome: (o: JobOutcome) => void): () => void {
    const { emitter } = this.log(jobId);
    emitter.on('entry', onEntry);
    emitter.on('outcome', onOutcome);
    return () => {
      emitter.off('entry', onEntry);
      emitter.off('outcome', onOutcome);
    };
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [id, log] of this.logs)
      if (log.finishedAt !== null && log.finishedAt < cutoff) this.logs.delete(id);
  }
}
