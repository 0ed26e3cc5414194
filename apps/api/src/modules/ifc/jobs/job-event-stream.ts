import type { Request, Response } from 'express';
import type { JobRecord } from '../../../store/types';
import type { JobEvents, JobOutcome, LogEntry } from './job-events';

const HEARTBEAT_MS = 15_000;

const write = (res: Response, event: string, data: unknown, id?: number) => {
  res.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
};

/**
 * Server-Sent Events of a job's log: replays what the client has not seen (Last-Event-ID), follows new entries, and
 * ends with a `complete` or `error` event. A job from before a restart has no live log: its final state is sent.
 */
export function streamJobEvents(req: Request, res: Response, events: JobEvents, job: JobRecord): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write('retry: 2000\n\n');

  const lastSeen = Number(req.get('last-event-id') ?? req.query.lastEventId ?? 0) || 0;
  const sendOutcome = (outcome: JobOutcome) => {
    write(res, outcome.kind, outcome.entry, outcome.entry.id);
    res.end();
  };

  if (!events.has(job.id)) {
    const failed = job.status === 'failed' || job.status === 'cancelled';
    const entry: LogEntry = {
      id: 1,
      timestamp: job.finishedAt ?? new Date().toISOString(),
      message: failed ? (job.error ?? `Job ${job.status}`) : `Job is ${job.status}`,
      type: failed ? 'error' : job.status === 'ready' ? 'success' : 'info',
      category: 'complete',
      ...(job.status === 'ready' ? { progress: 100 } : {}),
    };
    if (job.status === 'ready' || failed) return sendOutcome({ kind: failed ? 'error' : 'complete', entry });
  }

  let sentId = lastSeen;
  const send = (entry: LogEntry) => {
    if (entry.id <= sentId) return;
    sentId = entry.id;
    write(res, 'log', entry, entry.id);
  };
  const unsubscribe = events.subscribe(job.id, send, (outcome) => {
    cleanup();
    sendOutcome(outcome);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const cleanup = () => {
    unsubscribe();
    clearInterval(heartbeat);
  };
  req.on('close', cleanup);

  for (const entry of events.entriesAfter(job.id, lastSeen)) {
    const outcome = events.outcome(job.id);
    if (outcome && outcome.entry.id === entry.id) {
      cleanup();
      return sendOutcome(outcome);
    }
    send(entry);
  }
}
