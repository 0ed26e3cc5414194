import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { flattenBatch, type PropertyRow } from '@aec/ifc';
import { buildServerBundle } from '../../test/spawn-server';
import { WORKER_PATH } from '../../test/ifc-harness';
import type { Store } from '../types';
import { openSqlite } from './database';
import { createSqliteStore } from './sqlite-store';
import { SQLITE_ROW_ORDER } from './sqlite-row-repository';

/**
 * The API thread shares the SQLite file with row-writer threads. A write that timed out used to leave the API's
 * connection unable to write again (libsql keeps a statement that failed with SQLITE_BUSY open), and a transaction
 * that read before writing failed at once while a row writer held the lock.
 */

const ROW_WRITER = path.join(path.dirname(WORKER_PATH), 'row-writer.js');

let dir: string;
let store: Store;

async function seedProject(s: Store) {
  const user = await s.users.create({ username: 'writer', email: 'w@example.com', passwordHash: 'x' });
  const project = await s.projects.create({
    id: 'proj_contention',
    ownerId: user.id,
    isPublic: false,
    name: 'Contention',
    fileName: 'c.ifc',
    fileSize: 1,
    schema: 'IFC4',
  });
  const job = await s.jobs.create({
    id: 'job_contention',
    projectId: project.id,
    ownerId: user.id,
    version: 1,
    filePath: '/nowhere.ifc',
  });
  return { user, project, job };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-contention-'));
});

afterEach(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite writes under contention', () => {
  it('a write that timed out on a locked database leaves the connection able to write once the lock is free', async () => {
    store = createSqliteStore({ dataDir: dir, busyTimeoutMs: 50 });
    const { user, job } = await seedProject(store);
    const other = openSqlite(store.sqliteFile!);
    other.exec('BEGIN IMMEDIATE');
    other
      .prepare('INSERT INTO newsletter_subscribers (email_key, email, created_at) VALUES (?, ?, ?)')
      .run('x@example.com', 'x@example.com', new Date().toISOString());

    await expect(store.jobs.update(job.id, { status: 'processing' })).rejects.toThrow(/locked|busy/i);
    await expect(
      store.usage.add([{ day: '2026-11-23', userId: user.id, projectId: null, kind: 'api', count: 1 }]),
    ).rejects.toThrow(/locked|busy/i);
    // The other connection commits: everything this connection read before is now out of date.
    other.exec('COMMIT');
    other.close();

    await store.jobs.update(job.id, { status: 'processing' });
    await store.usage.add([{ day: '2026-11-23', userId: user.id, projectId: null, kind: 'api', count: 2 }]);
    await store.projects.publish('proj_contention', 1, {
      schema: 'IFC4',
      elementCount: 0,
      propertyCount: 0,
      spatialCount: 0,
      countsByType: {},
      countsByStorey: {},
    });
    expect((await store.jobs.findById(job.id))?.status).toBe('processing');
    expect((await store.projects.findById('proj_contention'))?.status).toBe('ready');
    expect((await store.usage.totals()).api).toBe(2);
    expect(await store.newsletter.subscribe('x@example.com')).toBe('exists');
  });

  it('a write after the store was closed is refused with an error, not a crash', async () => {
    store = createSqliteStore({ dataDir: dir });
    const { job } = await seedProject(store);
    await store.close();
    await expect(store.jobs.update(job.id, { status: 'failed' })).rejects.toThrow(/not open/);
  });

  it("the API thread's writes go through while a row-writer thread commits batch after batch", async () => {
    if (!fs.existsSync(ROW_WRITER)) buildServerBundle();
    store = createSqliteStore({ dataDir: dir, busyTimeoutMs: 1_000 });
    const { user, job } = await seedProject(store);
    const channel = new MessageChannel();
    const writer = new Worker(ROW_WRITER, {
      workerData: {
        sqliteFile: store.sqliteFile,
        projectId: 'proj_contention',
        version: 2,
        batchPort: channel.port2,
      },
      transferList: [channel.port2],
    });
    const writerErrors: string[] = [];
    writer.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'error') writerErrors.push(m.message ?? '');
    });
    const drained = new Promise<{ type: string; stored?: { properties: number } }>((resolve) =>
      writer.on('message', (m: { type: string }) => m.type === 'drained' && resolve(m)),
    );

    // Keep the writer's queue full, as a fast extraction does: it never has to wait for the next batch.
    const BATCHES = 60;
    const ROWS = 2_000;
    const batch = (b: number): PropertyRow[] =>
      Array.from({ length: ROWS }, (_, i) => ({
        ElementGlobalId: `g${b}_${i}`,
        ElementExpressId: b * ROWS + i,
        SetName: 'Pset_WallCommon',
        SetKind: 'PropertySet',
        PropertyName: 'FireRating',
        Value: 'REI 60',
        NumericValue: null,
        Unit: null,
        ValueType: 'IfcLabel',
      }));
    let sent = 0;
    let acked = 0;
    let ended = false;
    const send = () => {
      while (sent < BATCHES && sent - acked < 4) {
        channel.port1.postMessage({
          type: 'rows',
          rows: flattenBatch({ properties: batch(sent++) }, SQLITE_ROW_ORDER),
        });
      }
      if (sent === BATCHES && !ended) {
        ended = true;
        channel.port1.postMessage({ type: 'end' });
      }
    };
    channel.port1.on('message', () => {
      acked++;
      send();
    });
    send();

    // Meanwhile the API thread writes, as a running job does (status, progress, a second user signing up…).
    const failures: string[] = [];
    let writes = 0;
    while (acked < BATCHES && !writerErrors.length) {
      try {
        await store.jobs.update(job.id, { status: writes % 2 ? 'processing' : 'paused' });
        // Usage counting reads (is the user still there?) before it writes.
        await store.usage.add([
          { day: '2026-11-23', userId: user.id, projectId: null, kind: 'feed', count: 1 },
        ]);
        writes++;
      } catch (err) {
        failures.push((err as Error).message);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const done = await drained;
    // Told the version is published, the writer builds the wide set and exits by itself.
    writer.postMessage({ type: 'continue' });
    await new Promise((resolve) => writer.once('exit', resolve));
    channel.port1.close();

    expect(writerErrors).toEqual([]);
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(0);
    expect((await store.usage.totals()).feed).toBe(writes);
    expect(done.stored?.properties).toBe(BATCHES * ROWS);
    expect((await store.rows.countAll('proj_contention', 2)).properties).toBe(BATCHES * ROWS);
  }, 60_000);
});
