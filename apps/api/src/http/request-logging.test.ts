import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLogging } from './request-logging';

/** An app answering each status it is asked for, and the log lines its request logging wrote. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = express();
  app.use(requestLogging(pino({ level: 'info' }, sink)));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/status/:code', (req, res) => {
    res.status(Number(req.params.code)).json({ code: req.params.code });
  });
  return { app, lines };
}

describe('request logging', () => {
  it.each([
    [200, 30, 'request completed'],
    [404, 40, 'request completed'],
    [501, 40, 'request not supported'],
    [500, 50, 'request errored'],
    [503, 50, 'request errored'],
  ])('logs a %i at level %i as %p', async (status, level, msg) => {
    const { app, lines } = loggedApp();
    const res = await request(app).get(`/status/${status}`).expect(status);
    const line = lines.find((l) => (l.res as { statusCode: number } | undefined)?.statusCode === status);
    expect(line).toMatchObject({
      level,
      msg,
      req: { url: `/status/${status}`, id: res.headers['x-request-id'] },
    });
    // Only a server fault carries an error; a refused or unsupported request does not.
    if (status >= 500 && status !== 501) expect(line!.err).toBeDefined();
    else expect(line!.err).toBeUndefined();
  });

  it('leaves /health out of the log', async () => {
    const { app, lines } = loggedApp();
    await request(app).get('/health').expect(200);
    await request(app).get('/status/200').expect(200);
    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual(['/status/200']);
  });
});
