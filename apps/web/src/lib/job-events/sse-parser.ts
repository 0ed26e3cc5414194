/** One Server-Sent Event as the HTML standard's parser dispatches it. */
export type SseEvent = { event: string; data: string; id: string | null };

export type SseParser = {
  /** Feed decoded text in whatever pieces the network delivers; returns the events it completed. */
  push: (text: string) => SseEvent[];
  /** The last id seen (what a reconnect sends as Last-Event-ID), and the server's retry advice in ms. */
  lastEventId: () => string | null;
  retryMs: () => number | null;
};

/**
 * Incremental text/event-stream parser. Chunks split anywhere (mid-line, between CR and LF), so
 * an unterminated tail is carried over to the next push. Comments (': keep-alive') are ignored.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let dataLines: string[] = [];
  let eventName = '';
  // The id becomes the stream's last event id only when its event is dispatched (HTML standard):
  // a connection cut mid-event must not skip that event on reconnect.
  let idBuffer: string | null = null;
  let lastId: string | null = null;
  let retry: number | null = null;
  // A CR at the very end of a chunk may be the first half of CRLF: wait for the next chunk.
  let pendingCr = false;

  const dispatch = (out: SseEvent[]) => {
    lastId = idBuffer;
    if (dataLines.length > 0) {
      out.push({ event: eventName || 'message', data: dataLines.join('\n'), id: lastId });
    }
    dataLines = [];
    eventName = '';
  };

  const handleLine = (line: string, out: SseEvent[]) => {
    if (line === '') return dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') eventName = value;
    else if (field === 'id' && !value.includes('\0')) idBuffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      const out: SseEvent[] = [];
      let chunk = text;
      if (pendingCr) {
        pendingCr = false;
        if (chunk.startsWith('\n')) chunk = chunk.slice(1);
      }
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        handleLine(buffer.slice(start, i), out);
        if (ch === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    lastEventId: () => lastId,
    retryMs: () => retry,
  };
}
