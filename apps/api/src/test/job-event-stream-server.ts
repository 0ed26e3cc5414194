import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { JobRecord } from '../store/types';
import { streamJobEvents } from '../modules/ifc/jobs/job-event-stream';
import type { JobEvents } from '../modules/ifc/jobs/job-events';

/** A job record in `status` for the event stream (only its id and status matter there). */
export const jobRecord = (id: string, status: JobRecord['status'] = 'processing'): JobRecord => ({
  id,
  projectId: 'proj_a',
  ownerId: null,
  status,
  version: 1,
  filePath: 'gridfs:x',
  error: null,
  createdAt: new Date().toISOString(),
  startedAt: null,
  finishedAt: status === 'ready' ? new Date().toISOString() : null,
  durationMs: null,
});

/** An instance's event stream endpoint (the route's own streaming code) on 127.0.0.1, every job in `status`. */
export async function streamServer(events: JobEvents, status: JobRecord['status'] = 'processing') {
  const app = express();
  app.get('/jobs/:id/events', async (req, res) => {
    await streamJobEvents(req, res, events, jobRecord(String(req.params.id), status));
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** One request to a stream: its status and events (a numeric id as a number, any other as sent). */
export async function requestStream(url: string, lastEventId?: number | string) {
  const res = await fetch(url, {
    headers: lastEventId !== undefined ? { 'Last-Event-ID': String(lastEventId) } : {},
    signal: AbortSignal.timeout(20_000),
  });
  const events = (await res.text())
    .split('\n\n')
    .map((block) =>
      Object.fromEntries(
        block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
      ),
    )
    .filter((f): f is Record<string, string> => typeof f.data === 'string')
    .map((f) => ({
      event: f.event,
      id: /^\d+$/.test(f.id ?? '') ? Number(f.id) : f.id,
      message: JSON.parse(f.data!).message as string,
    }));
  return { status: res.status, events };
}

/** The events of one request to a stream. */
export async function readStream(url: string, lastEventId?: number | string) {
  return (await requestStream(url, lastEventId)).events;
}
