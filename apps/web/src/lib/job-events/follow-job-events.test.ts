import { followJobEvents } from './follow-job-events';

const log = (id: number, progress: number) =>
  `id: ${id}\nevent: log\ndata: ${JSON.stringify({ id, message: `step ${id}`, type: 'info', progress })}\n\n`;
const final = (id: number, kind: 'complete' | 'error', message: string) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify({ id, message, type: kind === 'complete' ? 'success' : 'error' })}\n\n`;

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('followJobEvents', () => {
  it('reconnects with Last-Event-ID after a drop and reports each entry once', async () => {
    const requests: Array<Record<string, string>> = [];
    const answers = [
      // The first connection breaks mid-event: entry 2 is cut short and must be replayed.
      [log(1, 10).slice(0, 7), log(1, 10).slice(7), log(2, 20).slice(0, 12)],
      [log(2, 20), log(3, 30), final(4, 'complete', 'done')],
    ];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      requests.push(init.headers as Record<string, string>);
      return new Response(bodyOf(answers[requests.length - 1] ?? []), { status: 200 });
    }) as unknown as typeof fetch;
    const seen: number[] = [];
    const outcome = await followJobEvents('/events', {
      authorization: 'Bearer t',
      signal: new AbortController().signal,
      onLog: (entry) => seen.push(entry.id),
      fetchImpl,
      reconnectDelayMs: 1,
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(outcome).toMatchObject({ kind: 'complete', entry: { id: 4, message: 'done' } });
    expect(requests[0]).toMatchObject({ Authorization: 'Bearer t' });
    expect(requests[0]?.['Last-Event-ID']).toBeUndefined();
    expect(requests[1]).toMatchObject({ Authorization: 'Bearer t', 'Last-Event-ID': '1' });
  });

  it('returns the error event as the outcome', async () => {
    const fetchImpl = (async () =>
      new Response(
        bodyOf([log(1, 10), final(2, 'error', 'The IFC file could not be parsed (x)')]),
      )) as unknown as typeof fetch;
    const outcome = await followJobEvents('/events', {
      signal: new AbortController().signal,
      onLog: () => undefined,
      fetchImpl,
    });
    expect(outcome).toMatchObject({
      kind: 'error',
      entry: { message: 'The IFC file could not be parsed (x)' },
    });
  });

  it('does not retry a 404, and gives up after repeated drops', async () => {
    let calls = 0;
    const notFound = (async () => {
      calls += 1;
      return new Response('{}', { status: 404, statusText: 'Not Found' });
    }) as unknown as typeof fetch;
    await expect(
      followJobEvents('/e', {
        signal: new AbortController().signal,
        onLog: () => undefined,
        fetchImpl: notFound,
      }),
    ).rejects.toThrow('404');
    expect(calls).toBe(1);

    calls = 0;
    const empty = (async () => {
      calls += 1;
      return new Response(bodyOf([]));
    }) as unknown as typeof fetch;
    await expect(
      followJobEvents('/e', {
        signal: new AbortController().signal,
        onLog: () => undefined,
        fetchImpl: empty,
        maxReconnects: 2,
        reconnectDelayMs: 1,
      }),
    ).rejects.toThrow('Lost the connection');
    expect(calls).toBe(3);
  });
});
