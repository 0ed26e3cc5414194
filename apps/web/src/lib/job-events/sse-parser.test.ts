import { createSseParser } from './sse-parser';

const stream =
  'retry: 2000\n\n' +
  'id: 1\nevent: log\ndata: {"id":1,"message":"a"}\n\n' +
  ': keep-alive\n\n' +
  'id: 2\r\nevent: log\r\ndata: {"id":2,\r\ndata: "message":"b"}\r\n\r\n' +
  'id: 3\nevent: complete\ndata: {"id":3}\n\n';

describe('createSseParser', () => {
  it('parses events, ids, multi-line data, comments and retry', () => {
    const parser = createSseParser();
    const events = parser.push(stream);
    expect(events).toEqual([
      { event: 'log', data: '{"id":1,"message":"a"}', id: '1' },
      { event: 'log', data: '{"id":2,\n"message":"b"}', id: '2' },
      { event: 'complete', data: '{"id":3}', id: '3' },
    ]);
    expect(parser.lastEventId()).toBe('3');
    expect(parser.retryMs()).toBe(2000);
  });

  it('gives the same events whatever the chunk boundaries, CRLF split included', () => {
    const whole = createSseParser().push(stream);
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)));
      expect(events).toEqual(whole);
    }
  });

  it('holds back an event whose blank line has not arrived yet', () => {
    const parser = createSseParser();
    expect(parser.push('event: log\ndata: x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'log', data: 'x', id: null }]);
  });
});

describe('createSseParser last event id', () => {
  it('moves only when the event carrying it is complete', () => {
    const parser = createSseParser();
    parser.push('id: 1\ndata: a\n\nid: 2\ndata: b\n');
    expect(parser.lastEventId()).toBe('1');
    parser.push('\n');
    expect(parser.lastEventId()).toBe('2');
  });
});
