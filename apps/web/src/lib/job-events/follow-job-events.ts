import { createSseParser } from './sse-parser';

/** One entry of a job's log as its event stream sends it; the numeric id doubles as the SSE id for Last-Event-ID. */
export type ServerLogEntry = {
  id: number;
  timestamp: string;
  message: string;
  type: 'info' | 'success' | 'error';
  progress?: number;
  category?: 'upload' | 'parse' | 'extract' | 'complete';
};

export type JobOutcome = { kind: 'complete' | 'error'; entry: ServerLogEntry };

export type FollowOptions = {
  /** Bearer header value; EventSource cannot send one, hence fetch() and our own parser. */
  authorization?: string;
  signal: AbortSignal;
  onLog: (entry: ServerLogEntry) => void;
  fetchImpl?: typeof fetch;
  /** Consecutive failed connections before giving up. */
  maxReconnects?: number;
  /** Overrides the server's retry advice (tests). */
  reconnectDelayMs?: number;
};

export class JobStreamError extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Follows a job's Server-Sent Events until its final `complete` or `error` event. A connection
 * that drops before then is reopened with Last-Event-ID, so the server replays only what was
 * missed and no log line is shown twice.
 */
export async function followJobEvents(url: string, options: FollowOptions): Promise<JobOutcome> {
  const { signal, onLog, fetchImpl = fetch, maxReconnects = 5 } = options;
  let lastEventId: string | null = null;
  let retryMs = 2000;
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.authorization) headers.Authorization = options.authorization;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    try {
      const response = await fetchImpl(url, { headers, signal, cache: 'no-store' });
      if (!response.ok || !response.body) {
        // 4xx will not get better by retrying (unknown job, not yours, signed out).
        const error = new JobStreamError(
          `Could not follow the job: ${response.status} ${response.statusText}`,
        );
        if (response.status >= 400 && response.status < 500) throw error;
        throw Object.assign(error, { retryable: true });
      }
      const parser = createSseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          failures = 0;
          const entry = JSON.parse(event.data) as ServerLogEntry;
          if (event.event === 'log') onLog(entry);
          else if (event.event === 'complete' || event.event === 'error') {
            await reader.cancel().catch(() => undefined);
            return { kind: event.event, entry };
          }
        }
        lastEventId = parser.lastEventId() ?? lastEventId;
        retryMs = parser.retryMs() ?? retryMs;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof JobStreamError && !('retryable' in error)) throw error;
    }
    failures += 1;
    if (failures > maxReconnects) {
      throw new JobStreamError('Lost the connection to the server while following the job');
    }
    await sleep(options.reconnectDelayMs ?? retryMs, signal);
  }
}
