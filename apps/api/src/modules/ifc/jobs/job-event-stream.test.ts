import { requestStream, streamServer } from '../../../test/job-event-stream-server';
import { MemoryJobEvents } from './job-events';

// The stream's reconnect rules on the in-process log (SQLite's); the MongoDB log runs the same code
// (mongo-job-events.test.ts).
describe('Job event stream: reconnecting after the outcome', () => {
  let jobCounter = 0;
  const newJobId = () => `job_stream_${++jobCounter}`;

  it('replays what a reconnecting client missed, and answers 204 once it has seen the outcome', async () => {
    const events = new MemoryJobEvents();
    const jobId = newJobId();
    events.append(jobId, { message: 'Processing started', type: 'info' });
    events.append(jobId, { message: 'Parsed', type: 'info' });
    events.finish(jobId, 'complete', {
      message: 'Processing complete',
      type: 'success',
      category: 'complete',
    });
    const server = await streamServer(events, 'ready');
    const url = `${server.url}/jobs/${jobId}/events`;
    try {
      const all = await requestStream(url);
      expect(all.events).toEqual([
        { event: 'log', id: 1, message: 'Processing started' },
        { event: 'log', id: 2, message: 'Parsed' },
        { event: 'complete', id: 3, message: 'Processing complete' },
      ]);
      expect(await requestStream(url, 2)).toEqual({
        status: 200,
        events: [{ event: 'complete', id: 3, message: 'Processing complete' }],
      });
      for (const seen of [3, 4]) expect(await requestStream(url, seen)).toEqual({ status: 204, events: [] });
      // Not a whole number, so no id: the whole log.
      for (const garbled of ['3e3', '-1', 'end', ' ']) expect(await requestStream(url, garbled)).toEqual(all);
    } finally {
      await server.close();
    }
  });

  it('tells a client the final state of a job whose log is gone, whatever ids it saw, and 204 once told', async () => {
    const server = await streamServer(new MemoryJobEvents(), 'ready');
    const url = `${server.url}/jobs/${newJobId()}/events`;
    try {
      const told = { status: 200, events: [{ event: 'complete', id: 'end', message: 'Job is ready' }] };
      expect(await requestStream(url)).toEqual(told);
      // Entries 1–5 seen before a restart emptied the log: the outcome is still news.
      expect(await requestStream(url, 5)).toEqual(told);
      expect(await requestStream(url, 'end')).toEqual({ status: 204, events: [] });
    } finally {
      await server.close();
    }
  });
});
