import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { flattenBatch } from '@aec/ifc';
import { SQLITE_ROW_ORDER } from '../../../store/sqlite/sqlite-row-repository';
import { createSqliteStore } from '../../../store/sqlite/sqlite-store';
import type { RowContext, Store } from '../../../store/types';
import { WORKER_PATH } from '../../../test/ifc-harness';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import { buildServerBundle } from '../../../test/spawn-server';
import type { BatchPortMessage, WriterControl, WriterInput, WriterMessage } from './protocol';

/** The row-writer thread as the job runner drives it: flat rows in, acks and `drained` out, `continue` after publish. */
const ROW_WRITER = path.join(path.dirname(WORKER_PATH), 'row-writer.js');
const PROJECT = 'proj_writer';

let dir: string;
let store: Store;

beforeAll(() => {
  if (!fs.existsSync(ROW_WRITER)) buildServerBundle();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-row-writer-'));
  store = createSqliteStore({ dataDir: dir });
  const user = await store.users.create({ username: 'w', email: 'w@example.com', passwordHash: 'x' });
  await store.projects.create({
    id: PROJECT,
    ownerId: user.id,
    isPublic: false,
    name: 'Writer',
    fileName: 'w.ifc',
    fileSize: 1,
    schema: 'IFC4',
  });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function startWriter(version: number, rowContext?: RowContext) {
  const channel = new MessageChannel();
  const writer = new Worker(ROW_WRITER, {
    workerData: {
      sqliteFile: store.sqliteFile!,
      projectId: PROJECT,
      version,
      ...(rowContext ? { rowContext } : {}),
      batchPort: channel.port2,
    } satisfies WriterInput,
    transferList: [channel.port2],
  });
  const messages: WriterMessage[] = [];
  const next = (type: WriterMessage['type']) =>
    new Promise<WriterMessage>((resolve) => {
      const found = messages.find((m) => m.type === type);
      if (found) return resolve(found);
      writer.on('message', (m: WriterMessage) => m.type === type && resolve(m));
    });
  writer.on('message', (m: WriterMessage) => messages.push(m));
  let exited = false;
  const exit = new Promise<void>((resolve) => writer.once('exit', () => ((exited = true), resolve())));
  const acks: unknown[] = [];
  channel.port1.on('message', (m) => acks.push(m));
  return {
    send: (message: BatchPortMessage) => channel.port1.postMessage(message),
    control: (message: WriterControl) => writer.postMessage(message),
    next,
    exit,
    acks,
    isExited: () => exited,
    close: () => channel.port1.close(),
  };
}

describe('row-writer thread', () => {
  it('stores flat rows exactly, then waits for the publish before exiting', async () => {
    const w = startWriter(1);
    // 130 elements: two full statements and a remainder of 2.
    const elements = Array.from({ length: 130 }, (_, i) => elementRow(i + 1, { IsExternal: i % 2 === 0 }));
    w.send({ type: 'rows', rows: flattenBatch({ elements }, SQLITE_ROW_ORDER) });
    w.send({
      type: 'rows',
      rows: flattenBatch({ properties: [propertyRow(1), propertyRow(2), propertyRow(3)] }, SQLITE_ROW_ORDER),
    });
    w.send({ type: 'end' });
    const drained = await w.next('drained');
    expect(drained).toMatchObject({ stored: { elements: 130, properties: 3, spatial: 0 } });
    expect(w.acks).toHaveLength(2);

    // Holding still until told the version is published: nothing after `drained` may take the write lock first.
    await new Promise((r) => setTimeout(r, 300));
    expect(w.isExited()).toBe(false);
    w.control({ type: 'continue' });
    await w.exit;
    w.close();

    const stored = [];
    for await (const row of store.rows.streamElements(PROJECT, 1)) stored.push(row);
    // In key (GlobalId) order; every row stored as sent.
    expect(
      stored.map((r) => [r.ExpressId, r.IsExternal]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(elements.map((r) => [r.ExpressId, r.IsExternal]));
    expect((await store.rows.countAll(PROJECT, 1)).properties).toBe(3);
  });

  it('stamps the rows with the model version it is given', async () => {
    const model = await store.models.create({ id: 'm_writer', projectId: PROJECT, name: 'Structure ✓' });
    const v = await store.models.createVersion({
      projectId: PROJECT,
      modelId: model.id,
      fileName: 's.ifc',
      fileSize: 1,
      uploaderId: null,
      schema: 'IFC4',
    });
    const w = startWriter(v.version, {
      modelId: model.id,
      modelName: model.name,
      versionNumber: v.number,
      changedAt: v.createdAt,
    });
    w.send({
      type: 'rows',
      rows: flattenBatch(
        { elements: [elementRow(5, { GlobalId: 'g5' }), elementRow(6, { GlobalId: 'g5' })] },
        SQLITE_ROW_ORDER,
      ),
    });
    w.send({ type: 'end' });
    await w.next('drained');
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
    const stored = [];
    for await (const row of store.rows.streamElements(PROJECT, v.version)) stored.push(row);
    expect(stored.map((r) => [r.Id, r.ModelId, r.ModelName, r.VersionNumber, r.ChangedAt])).toEqual([
      ['m_writer:g5', 'm_writer', 'Structure ✓', 1, v.createdAt],
      ['m_writer:g5#2', 'm_writer', 'Structure ✓', 1, v.createdAt],
    ]);
  });

  it('reports a flat batch that is not whole rows as an error and stores none of it', async () => {
    const w = startWriter(2);
    const flat = flattenBatch({ elements: [elementRow(1), elementRow(2)] }, SQLITE_ROW_ORDER);
    flat.elements!.pop();
    w.send({ type: 'rows', rows: flat });
    const error = await w.next('error');
    expect(error).toMatchObject({ message: expect.stringMatching(/not whole rows/) });
    await w.exit;
    w.close();
    expect(await store.rows.countAll(PROJECT, 2)).toEqual({ elements: 0, properties: 0, spatial: 0 });
  });

  it('stops when told to while waiting for the publish', async () => {
    const w = startWriter(3);
    w.send({ type: 'rows', rows: flattenBatch({ elements: [elementRow(1)] }, SQLITE_ROW_ORDER) });
    w.send({ type: 'end' });
    await w.next('drained');
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
    expect((await store.rows.countAll(PROJECT, 3)).elements).toBe(1);
  });
});
