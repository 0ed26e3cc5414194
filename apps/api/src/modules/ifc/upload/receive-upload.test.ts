import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { errorHandler } from '../../../errors/error-handler';
import { deferContinue } from '../../../http/deferred-continue';
import { createUploadReceiver } from './receive-upload';
import type { FreeDiskSpace } from './free-disk-space';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const BOUNDARY = 'aec-test-boundary';
/** A part's head naming the file `name`, or with `filenameParameter` as written (`filename*=UTF-8''…`). */
const head = (name: string, filenameParameter = `filename="${name}"`) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="ifcFile"; ${filenameParameter}\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A bare app around the receiver: it answers what it stored (size and hash) and errors as the API does. */
async function serve(options: { maxMb: number; freeSpace: FreeDiskSpace; idleMs?: number }) {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-receive-'));
  const receive = createUploadReceiver({
    uploadDir,
    maxBytes: options.maxMb * MB,
    maxMb: options.maxMb,
    freeSpace: options.freeSpace,
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
  });
  const app = express();
  app.post('/upload', async (req, res) => {
    const file = await receive(req, res);
    const sha256 = createHash('sha256').update(fs.readFileSync(file.path)).digest('hex');
    fs.rmSync(file.path);
    // what the receiver left on the connection, which a keep-alive client's next upload comes in on
    res.set('x-timeout-listeners', String(req.socket.listenerCount('timeout')));
    res.json({ size: file.size, sha256, name: file.originalName });
  });
  app.use(errorHandler);
  // As server.ts serves the app: "100 Continue" only once the body is read.
  const server = http.createServer(app);
  deferContinue(server, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    uploadDir,
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

type Answer = { status: number; body: Record<string, unknown> };

/** A raw request whose body the test writes itself, so that what the server does before the end can be seen. */
function open(port: number, headers: Record<string, string | number>, agent?: http.Agent) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    ...(agent ? { agent } : {}),
    method: 'POST',
    path: '/upload',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
  let continued = false;
  req.on('continue', () => (continued = true));
  const answer = new Promise<
    Answer & { connection: string | undefined; timeoutListeners: string | undefined }
  >((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Record<string, unknown>,
          connection: res.headers.connection,
          timeoutListeners: res.headers['x-timeout-listeners'] as string | undefined,
        }),
      );
    });
    req.on('error', reject);
  });
  return { req, answer, continued: () => continued };
}

/** What the test app answers for a file it stored byte for byte under `name`. */
const storedAs = (content: Buffer, name: string) => ({
  size: content.length,
  sha256: createHash('sha256').update(content).digest('hex'),
  name,
});

const partFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.part'));

describe('receiving an upload', () => {
  it('refuses with 507 from Content-Length alone when the file would not fit, storing nothing', async () => {
    const server = await serve({ maxMb: 10240, freeSpace: async () => 1.1 * GB });
    try {
      const { req, answer } = open(server.port, { 'Content-Length': Math.round(3.2 * GB) });
      req.write(head('Krankenhaus Süd.ifc')); // the rest never comes: the answer must not wait for it
      const { status, body } = await answer;
      req.destroy();
      expect(status).toBe(507);
      expect(body.code).toBe('STORAGE_FULL');
      expect(body.error).toMatch(
        /^The server does not have enough free disk space for this 3\.20 GB file \(1\.10 GB free\)\./,
      );
      expect(body.success).toBe(false);
      expect(partFiles(server.uploadDir)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('counts the reserve the disk keeps: a file that fits only by eating into it is refused', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 70 * MB });
    try {
      const { req, answer } = open(server.port, { 'Content-Length': 10 * MB });
      req.write(head('model.ifc'));
      const { status, body } = await answer;
      req.destroy();
      expect(status).toBe(507);
      expect(body.error).toMatch(/10\.00 MB file \(70\.00 MB free\)/);
    } finally {
      server.close();
    }
  });

  it('refuses with 413 from Content-Length alone when the body is over the limit', async () => {
    const server = await serve({ maxMb: 1, freeSpace: async () => 100 * GB });
    try {
      const { req, answer } = open(server.port, { 'Content-Length': 50 * MB });
      req.write(head('model.ifc'));
      const { status, body } = await answer;
      req.destroy();
      expect(status).toBe(413);
      expect(body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        error: 'The file is larger than the 1 MB limit.',
      });
      expect(partFiles(server.uploadDir)).toEqual([]);
    } finally {
      server.close();
    }
  }, 10000);

  it('refuses with 507 while streaming a body of unknown length once the disk is down to its reserve', async () => {
    const server = await serve({ maxMb: 10240, freeSpace: async () => 10 * MB });
    try {
      const { req, answer } = open(server.port, { 'Transfer-Encoding': 'chunked' });
      req.write(head('model.ifc'));
      const chunk = Buffer.alloc(MB, 0x41);
      for (let i = 0; i < 40; i++) req.write(chunk);
      req.end(tail);
      const { status, body } = await answer;
      expect(status).toBe(507);
      expect(body.code).toBe('STORAGE_FULL');
      expect(body.error).toMatch(
        /^The server ran out of free disk space after receiving 32\.\d\d MB of this file \(10\.00 MB free\)\./,
      );
      expect(partFiles(server.uploadDir)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('writes the file to disk as it arrives and keeps every byte', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB });
    try {
      const content = randomBytes(3 * MB);
      const { req, answer } = open(server.port, { 'Transfer-Encoding': 'chunked' });
      req.write(head('Tür – Ebene 1.ifc'));
      req.write(content.subarray(0, MB));
      // Part of the file is on disk while the rest has not been sent: the upload is not buffered in memory.
      let onDisk = 0;
      while (onDisk === 0) {
        await new Promise((r) => setTimeout(r, 20));
        const [part] = partFiles(server.uploadDir);
        onDisk = part ? fs.statSync(path.join(server.uploadDir, part)).size : 0;
      }
      expect(onDisk).toBeLessThan(content.length);
      req.write(content.subarray(MB));
      req.end(tail);
      const { status, body } = await answer;
      expect(status).toBe(200);
      expect(body).toEqual(storedAs(content, 'Tür – Ebene 1.ifc'));
    } finally {
      server.close();
    }
  });

  it("makes a file name's control characters U+FFFD (RFC 5987's filename* can carry a NUL)", async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB });
    try {
      const content = Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n');
      const body = Buffer.concat([head('', "filename*=UTF-8''Br%C3%BCcke%00Nord%09alt.ifc"), content, tail]);
      const { req, answer } = open(server.port, { 'Content-Length': body.length });
      req.end(body);
      const result = await answer;
      expect(result.status).toBe(200);
      expect(result.body).toEqual(storedAs(content, 'Brücke\uFFFDNord\uFFFDalt.ifc'));
    } finally {
      server.close();
    }
  });

  it("makes a file name's direction override U+FFFD, so the model's name shows in the order it was written", async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB });
    try {
      const content = Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n');
      // "Nord<RLO>dus.ifc" would show as "Nordcfi.sud".
      const body = Buffer.concat([head('', "filename*=UTF-8''Nord%E2%80%AEdus.ifc"), content, tail]);
      const { req, answer } = open(server.port, { 'Content-Length': body.length });
      req.end(body);
      const result = await answer;
      expect(result.status).toBe(200);
      expect(result.body).toEqual(storedAs(content, 'Nord\uFFFDdus.ifc'));
    } finally {
      server.close();
    }
  });

  it('drops a body that stalls (no byte for the idle time) and removes what it stored', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB, idleMs: 300 });
    try {
      const { req, answer } = open(server.port, { 'Content-Length': 10 * MB });
      const ended = answer.then(
        () => 'answered',
        (err: NodeJS.ErrnoException) => err.code,
      );
      req.write(head('Stalled.ifc'));
      req.write(Buffer.alloc(64 * 1024, 0x41));
      expect(await ended).toBe('ECONNRESET');
      for (let tries = 0; partFiles(server.uploadDir).length > 0 && tries < 50; tries++)
        await new Promise((r) => setTimeout(r, 20));
      expect(partFiles(server.uploadDir)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('keeps a slow body that never stalls for the idle time, however long it takes in all', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB, idleMs: 300 });
    try {
      const content = Buffer.from(`ISO-10303-21;\n${'/* slow */\n'.repeat(2000)}END-ISO-10303-21;\n`);
      const body = Buffer.concat([head('Slow.ifc'), content, tail]);
      const { req, answer } = open(server.port, { 'Content-Length': body.length });
      // About 1.2 s in all, four times the idle time, one piece every 100 ms.
      const pieces = 12;
      const size = Math.ceil(body.length / pieces);
      for (let at = 0; at < body.length; at += size) {
        req.write(body.subarray(at, at + size));
        await new Promise((r) => setTimeout(r, 100));
      }
      req.end();
      const result = await answer;
      expect(result.status).toBe(200);
      expect(result.body).toEqual(storedAs(content, 'Slow.ifc'));
    } finally {
      server.close();
    }
  });

  it('accepts a file that fits, with its Content-Length', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * MB });
    try {
      const content = Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n');
      const body = Buffer.concat([head('small.ifc'), content, tail]);
      const { req, answer } = open(server.port, { 'Content-Length': body.length });
      req.end(body);
      const result = await answer;
      expect(result.status).toBe(200);
      expect(result.body.size).toBe(content.length);
    } finally {
      server.close();
    }
  });
  it('leaves no idle-timeout listener behind on a kept-alive connection, however many uploads it carries', async () => {
    const server = await serve({ maxMb: 100, freeSpace: async () => 100 * MB });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const content = Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n');
      const body = Buffer.concat([head('small.ifc'), content, tail]);
      const counts: (string | undefined)[] = [];
      const sockets = new Set<unknown>();
      for (let i = 0; i < 12; i++) {
        const { req, answer } = open(server.port, { 'Content-Length': body.length }, agent);
        req.once('socket', (socket) => sockets.add(socket));
        req.end(body);
        const result = await answer;
        expect(result.status).toBe(200);
        counts.push(result.timeoutListeners);
      }
      expect(sockets.size).toBe(1);
      expect(new Set(counts)).toEqual(new Set([counts[0]]));
    } finally {
      agent.destroy();
      server.close();
    }
  });
  describe('with Expect: 100-continue (curl and many HTTP libraries send it with large bodies)', () => {
    it('refuses an upload over the limit before the client sends its body: no "100 Continue", 413, connection closed', async () => {
      const server = await serve({ maxMb: 10, freeSpace: async () => 100 * GB });
      try {
        const { req, answer, continued } = open(server.port, {
          'Content-Length': 12 * GB,
          Expect: '100-continue',
        });
        req.flushHeaders(); // the headers only: the client holds the body back until told to continue
        const { status, body, connection } = await answer;
        req.destroy();
        expect(status).toBe(413);
        expect(body.error).toBe('The file is larger than the 10 MB limit.');
        expect(continued()).toBe(false);
        expect(connection).toBe('close');
        expect(fs.readdirSync(server.uploadDir)).toEqual([]);
      } finally {
        server.close();
      }
    });

    it('refuses one that would not fit on the disk the same way (507)', async () => {
      const server = await serve({ maxMb: 10240, freeSpace: async () => 2 * GB });
      try {
        const { req, answer, continued } = open(server.port, {
          'Content-Length': 3 * GB,
          Expect: '100-continue',
        });
        req.flushHeaders();
        const { status, body } = await answer;
        req.destroy();
        expect(status).toBe(507);
        expect(body.code).toBe('STORAGE_FULL');
        expect(continued()).toBe(false);
      } finally {
        server.close();
      }
    });

    it('asks for the body of an upload it accepts, and stores every byte', async () => {
      const server = await serve({ maxMb: 100, freeSpace: async () => 100 * GB });
      try {
        const content = randomBytes(2 * MB);
        const whole = Buffer.concat([head('Brücke.ifc'), content, tail]);
        const { req, answer, continued } = open(server.port, {
          'Content-Length': whole.length,
          Expect: '100-continue',
        });
        req.on('continue', () => req.end(whole));
        req.flushHeaders();
        const { status, body } = await answer;
        expect(continued()).toBe(true);
        expect(status).toBe(200);
        expect(body).toEqual(storedAs(content, 'Brücke.ifc'));
      } finally {
        server.close();
      }
    });
  });
});
