import type { Request, Response } from 'express';
import type { JobRecord } from '../../../store/types';
import type { JobEvents, JobOutcome, LogEntry } from './job-events';

const HEARTBEAT_MS = 15_000;

const write = (res: Response, event: string, data: unknown, id?: number | string) => {
  res.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
};

/** The final state of an ended job whose log is gone (a restart on SQLite, expiry on MongoDB); null while it runs. */
function finalStateOf(job: JobRecord): JobOutcome | null {
  const failed = job.status === 'failed' || job.status === 'cancelled';
  if (job.status !== 'ready' && !failed) return null;
  const entry: LogEntry = {
    id: 1,
    timestamp: job.finishedAt ?? new Date().toISOString(),
    message: failed ? (job.error ?? `Job ${job.status}`) : `Job is ${job.status}`,
    type: failed ? 'error' : 'success',
    category: 'complete',
    ...(job.status === 'ready' ? { progress: 100 } : {}),
  };
  return { kind: failed ? 'error' : 'complete', entry };
}

/**
 * The event id of an ended job's final state when its log is gone: not a number, since the client may have seen log
 * entries with any ids before the log went (a restart, an expiry), and it must still be told the outcome.
 */
const FINAL_STATE_ID = 'end';

/** The id a reconnecting client last saw: `Last-Event-ID`, or `?lastEventId=` for clients that cannot set it. */
const lastEventIdOf = (req: Request): string =>
  String(req.get('last-event-id') ?? req.query.lastEventId ?? '').trim();

/**
 * Server-Sent Events of a job's log: replays what the client has not seen (Last-Event-ID), follows new entries
 * (pushed in one process, polled from MongoDB across instances), and ends with a `complete` or `error` event.
 *
 * An EventSource reconnects whenever a stream ends, unless it is closed: a client that does not close it on the
 * outcome comes back with the outcome's id. It is answered 204 No Content, which tells an EventSource to stop
 * reconnecting (HTML's server-sent events), rather than the outcome again (a reconnect every 2 s, for ever) or a
 * stream that never ends.
 */
export async function streamJobEvents(
  req: Request,
  res: Response,
  events: JobEvents,
  job: JobRecord,
): Promise<void> {
  // Asked before the stream opens, so a database that cannot answer still gets the usual error response.
  const final = (await events.has(job.id)) ? null : finalStateOf(job);
  const lastEventId = lastEventIdOf(req);
  // A log entry's id, or 0 (the whole log) for none or anything that is not a whole number.
  const lastSeen = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : 0;
  const seenOutcome = final
    ? lastEventId === FINAL_STATE_ID
    : lastSeen > 0 && lastSeen >= ((await events.outcome(job.id))?.entry.id ?? Infinity);
  if (seenOutcome) {
    res.status(204).end();
    return;
  }
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write('retry: 2000\n\n');

  const sendOutcome = (outcome: JobOutcome, id: number | string = outcome.entry.id) => {
    write(res, outcome.kind, outcome.entry, id);
    res.end();
  };
  if (final) return sendOutcome(final, FINAL_STATE_ID);

  let ended = false;
  let stopFollowing: (() => void) | null = null;
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const cleanup = () => {
    ended = true;
    stopFollowing?.();
    clearInterval(heartbeat);
  };
  res.on('close', cleanup);
  stopFollowing = events.follow(job.id, lastSeen, {
    entry: (entry) => write(res, 'log', entry, entry.id),
    outcome: (outcome) => {
      cleanup();
      sendOutcome(outcome);
    },
  });
  if (ended) stopFollowing();
}
