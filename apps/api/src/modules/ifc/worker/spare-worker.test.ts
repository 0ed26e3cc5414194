import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { SpareWorker } from './spare-worker';

let dir: string;
let echoPath: string;
const started: Worker[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-spare-'));
  echoPath = path.join(dir, 'echo.js');
  fs.writeFileSync(
    echoPath,
    "const { parentPort } = require('node:worker_threads');\n" +
      "parentPort.on('message', (m) => parentPort.postMessage({ echo: m }));\n",
  );
});
afterAll(async () => {
  await Promise.all(started.map((w) => w.terminate()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const reply = (worker: Worker, message: unknown) =>
  new Promise<unknown>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(message);
  });

describe('spare extraction worker', () => {
  it('hands out the worker started ahead, once, and starts afresh when none is waiting', async () => {
    const spare = new SpareWorker(echoPath, 64);
    spare.warm();
    spare.warm();
    const first = spare.take();
    const second = spare.take();
    started.push(first, second);
    expect(second).not.toBe(first);
    await expect(reply(first, { type: 'start' })).resolves.toEqual({ echo: { type: 'start' } });
    await expect(reply(second, { type: 'start' })).resolves.toEqual({ echo: { type: 'start' } });
    await spare.close();
  });

  it('starts extraction workers with the old generation given and a 32 MB-semi-space young generation', async () => {
    const spare = new SpareWorker(echoPath, 64);
    spare.warm();
    const worker = spare.take();
    started.push(worker);
    await reply(worker, 'ping');
    expect(worker.resourceLimits).toMatchObject({ maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 96 });
  });

  it('drops a spare that failed while waiting', async () => {
    const spare = new SpareWorker(path.join(dir, 'missing.js'), 64);
    spare.warm();
    // The script does not exist: the spare fails and exits on its own while nobody has taken it.
    await new Promise((r) => setTimeout(r, 300));
    const next = spare.take();
    started.push(next);
    const failed = new Promise((resolve) => next.once('error', resolve));
    // A live thread (an exited one has no thread id any more), which then fails the same way, for its job to see.
    expect(next.threadId).toBeGreaterThan(0);
    await expect(failed).resolves.toMatchObject({ message: expect.stringMatching(/missing\.js/) });
  });

  it('terminates a waiting spare on close', async () => {
    const spare = new SpareWorker(echoPath, 64);
    spare.warm();
    await spare.close();
    // Nothing is waiting any more: the next take starts a new worker.
    const fresh = spare.take();
    started.push(fresh);
    await expect(reply(fresh, 'ping')).resolves.toEqual({ echo: 'ping' });
  });
});
