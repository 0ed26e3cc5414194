import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import Database from 'libsql';
import { flattenBatch, type PropertyRow } from '@aec/ifc';
import { propertyColumnNames } from '../../../store/row-columns';
import { DefNumbers, ELEMENT_SHAPE, PROPERTY_SHAPE } from '../../../store/sqlite/interned-rows';
import { SQLITE_ROW_ORDER } from '../../../store/sqlite/sqlite-row-repository';
import { createSqliteStore } from '../../../store/sqlite/sqlite-store';
import type { RowContext, Store, StoredElementRow } from '../../../store/types';
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

  it.each([
    ['', undefined],
    [', numbering starting over between batches', 3],
  ])(
    'stores property rows sent with numbered definitions exactly as rows sent whole, in arrival order%s',
    async (_, maxRemembered) => {
      // Definitions that only a sound key tells apart: a colon and digits in names, none against the text 'null'.
      const tricky: Partial<PropertyRow>[] = [
        { SetName: null, PropertyName: 'Width', Unit: 'mm', NumericValue: 1, Value: '1' },
        { SetName: 'null', PropertyName: 'Width', Unit: 'mm' },
        { SetName: 'a', PropertyName: '1:b' },
        { SetName: 'a1:', PropertyName: 'b' },
        { SetName: 'Pset_ü ✓', PropertyName: 'Höhe', Unit: null, ValueType: null },
        { SetKind: 'QuantitySet', SetName: 'Qto', PropertyName: 'Width', Unit: 'mm', NumericValue: 2.5 },
        { SetKind: 'QuantitySet', SetName: 'Qto', PropertyName: 'Width', Unit: 'm', NumericValue: 2.5 },
      ];
      const rows = Array.from({ length: 150 }, (_, i) =>
        propertyRow(Math.floor(i / 3) + 1, { ...tricky[i % tricky.length], Value: `v${i}` }),
      );
      const numbers = new DefNumbers(PROPERTY_SHAPE, maxRemembered);
      const interned = startWriter(1);
      const whole = startWriter(2);
      for (const batch of [rows.slice(0, 70), rows.slice(70, 75), rows.slice(75)]) {
        const { values, defs } = numbers.flatten(batch);
        interned.send({ type: 'rows', rows: { propertyValues: values, propertyDefs: defs } });
        whole.send({ type: 'rows', rows: flattenBatch({ properties: batch }, SQLITE_ROW_ORDER) });
      }
      for (const w of [interned, whole]) {
        w.send({ type: 'end' });
        expect(await w.next('drained')).toMatchObject({ stored: { properties: 150 } });
        w.control({ type: 'stop' });
        await w.exit;
        w.close();
      }
      const db = new Database(store.sqliteFile!, { readonly: true });
      try {
        const read = (version: number) =>
          db
            .prepare(
              `SELECT project_id, model_id, model_name, ${propertyColumnNames.map((c) => `"${c}"`).join(', ')}
             FROM ifc_properties WHERE version = ? ORDER BY "Id"`,
            )
            .all(version);
        const stored = read(1);
        expect(stored).toEqual(read(2));
        expect(stored.map((r) => (r as { Value: string }).Value)).toEqual(rows.map((r) => r.Value));
        expect(stored[0]).toMatchObject({ SetName: null, Unit: 'mm', NumericValue: 1 });
        expect(stored[1]).toMatchObject({ SetName: 'null' });
      } finally {
        db.close();
      }
    },
  );

  it.each([
    ['', undefined],
    [', numbering starting over between batches', 2],
  ])(
    'stores element rows sent with numbered definitions exactly as rows sent whole%s',
    async (_, maxRemembered) => {
      // Repeated and missing GlobalIds (keys numbered #2, or made from the ExpressId), booleans, -0, unicode.
      const elements = Array.from({ length: 140 }, (_, i) =>
        elementRow(1000 - i * 7, {
          GlobalId: i === 5 || i === 9 ? 'gTwice' : i === 7 ? null : `g${i}`,
          IfcType: i % 3 ? 'IfcWall' : 'IfcDoor',
          Storey: `Ébene ${i % 4} ✓`,
          StoreyElevation: i % 4 === 0 ? -0 : i % 4,
          IsExternal: i % 2 === 0 ? true : i % 5 === 0 ? null : false,
          Name: `Wall ${i}`,
          Length: i % 2 ? i * 0.5 : null,
          ...(i % 2 ? { PropertyFingerprint: `fp${i % 7}` } : {}),
        }),
      );
      const numbers = new DefNumbers(ELEMENT_SHAPE, maxRemembered);
      const interned = startWriter(1);
      const whole = startWriter(2);
      for (const batch of [elements.slice(0, 70), elements.slice(70, 72), elements.slice(72)]) {
        const { values, defs } = numbers.flatten(batch);
        interned.send({ type: 'rows', rows: { elementValues: values, elementDefs: defs } });
        whole.send({ type: 'rows', rows: flattenBatch({ elements: batch }, SQLITE_ROW_ORDER) });
      }
      for (const w of [interned, whole]) {
        w.send({ type: 'end' });
        expect(await w.next('drained')).toMatchObject({ stored: { elements: 140 } });
        w.control({ type: 'stop' });
        await w.exit;
        w.close();
      }
      const read = async (version: number) => {
        const rows = [];
        for await (const { VersionNumber: _, ChangedAt: __, ...row } of store.rows.streamElements(
          PROJECT,
          version,
        ))
          rows.push(row);
        return rows;
      };
      const stored = await read(1);
      expect(stored).toEqual(await read(2));
      expect(stored.map((r) => r.Id)).toEqual(
        expect.arrayContaining([`${PROJECT}:gTwice`, `${PROJECT}:gTwice#2`, `${PROJECT}:~951`]),
      );
      expect(stored.find((r) => r.ExpressId === 1000)).toMatchObject({
        IsExternal: true,
        Storey: 'Ébene 0 ✓',
      });
    },
  );

  it('refuses a property row whose definition was never sent, storing none of its batch', async () => {
    const w = startWriter(2);
    const { values } = new DefNumbers(PROPERTY_SHAPE).flatten([propertyRow(1), propertyRow(2)]);
    w.send({ type: 'rows', rows: { propertyValues: values } });
    expect(await w.next('error')).toMatchObject({ message: expect.stringMatching(/definition never sent/) });
    await w.exit;
    w.close();
    expect(await store.rows.countAll(PROJECT, 2)).toEqual({ elements: 0, properties: 0, spatial: 0 });
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

/** Waits (bounded, generously: suites run on a loaded machine) until `check` holds. */
async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function storedKeys(version: number): Promise<[string, number][]> {
  const rows: [string, number][] = [];
  for await (const row of store.rows.streamElements(PROJECT, version)) rows.push([row.Id, row.ExpressId]);
  return rows;
}

/**
 * Element keys (<model>:<GlobalId>) come in random order, so the writer stages element rows on its own connection
 * and moves them into the element table in key order once the last batch is in. Until then the element table holds
 * none of them, and a writer that ends any other way leaves none behind.
 */
describe('row-writer thread: staged element rows', () => {
  // Arrival order is not key order; a GlobalId repeated in a later batch (other ExpressId) is numbered #2, the same
  // product sent again is stored once, an element without a GlobalId is keyed by its ExpressId.
  const first = [
    {
      ...elementRow(30, { GlobalId: '3zX$Bq9Xv0uBf5fQ7c1Kx_', Name: 'Wand «Süd» ✓' }),
      PropertyFingerprint: 'fp30',
    },
    elementRow(10, { GlobalId: '0aB$cd', IsExternal: true }),
    elementRow(20, { GlobalId: null }),
  ];
  const second = [
    { ...elementRow(40, { GlobalId: '0aB$cd', Name: 'repeat' }), PropertyFingerprint: 'fp40' },
    elementRow(10, { GlobalId: '0aB$cd', IsExternal: true }),
    elementRow(50, { GlobalId: '1Zz' }),
  ];
  const expected: [string, number][] = [
    [`${PROJECT}:0aB$cd`, 10],
    [`${PROJECT}:0aB$cd#2`, 40],
    [`${PROJECT}:1Zz`, 50],
    [`${PROJECT}:3zX$Bq9Xv0uBf5fQ7c1Kx_`, 30],
    [`${PROJECT}:~20`, 20],
  ];

  it('keeps element rows out of the element table until the last batch, then moves every one of them in', async () => {
    const w = startWriter(4);
    w.send({ type: 'rows', rows: flattenBatch({ elements: first }, SQLITE_ROW_ORDER) });
    w.send({
      type: 'rows',
      rows: flattenBatch({ elements: second, properties: [propertyRow(10)] }, SQLITE_ROW_ORDER),
    });
    await until(() => w.acks.length === 2, 'both batches stored');
    expect(await store.rows.countAll(PROJECT, 4)).toEqual({ elements: 0, properties: 1, spatial: 0 });

    w.send({ type: 'end' });
    expect(await w.next('drained')).toMatchObject({ stored: { elements: 6, properties: 1 } });
    expect(await storedKeys(4)).toEqual(expected);
    const byKey = new Map<string, StoredElementRow>();
    for await (const row of store.rows.streamElements(PROJECT, 4)) byKey.set(row.Id, row);
    expect(byKey.get(`${PROJECT}:3zX$Bq9Xv0uBf5fQ7c1Kx_`)).toMatchObject({
      Name: 'Wand «Süd» ✓',
      IsExternal: null,
    });
    expect(byKey.get(`${PROJECT}:0aB$cd`)).toMatchObject({ IsExternal: true, Name: null });
    expect(byKey.get(`${PROJECT}:0aB$cd#2`)).toMatchObject({ Name: 'repeat' });
    // The hidden property fingerprint moves with its row, the repeat's included.
    const db = new Database(store.sqliteFile!, { readonly: true });
    const fingerprints = db
      .prepare(
        'SELECT "Id", property_fingerprint FROM ifc_elements WHERE project_id = ? AND version = 4 ORDER BY "Id"',
      )
      .raw(true)
      .all(PROJECT);
    db.close();
    expect(fingerprints).toEqual(
      expected.map(([key, expressId]) => [key, expressId === 30 ? 'fp30' : expressId === 40 ? 'fp40' : null]),
    );
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
  });

  it('leaves no element rows when stopped (cancel, shutdown) before the last batch', async () => {
    const w = startWriter(5);
    w.send({ type: 'rows', rows: flattenBatch({ elements: first }, SQLITE_ROW_ORDER) });
    await until(() => w.acks.length === 1, 'batch stored');
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
    expect((await store.rows.countAll(PROJECT, 5)).elements).toBe(0);
  });

  it('leaves no element rows when a later batch fails', async () => {
    const w = startWriter(6);
    w.send({ type: 'rows', rows: flattenBatch({ elements: first }, SQLITE_ROW_ORDER) });
    const broken = flattenBatch({ elements: second }, SQLITE_ROW_ORDER);
    broken.elements!.pop();
    w.send({ type: 'rows', rows: broken });
    expect(await w.next('error')).toMatchObject({ message: expect.stringMatching(/not whole rows/) });
    await w.exit;
    w.close();
    expect((await store.rows.countAll(PROJECT, 6)).elements).toBe(0);
  });

  it('leaves no element rows when the process dies before the last batch', async () => {
    // A child process runs the writer thread, stores a batch and is killed: nothing closes its connection.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const { MessageChannel, Worker } = require('node:worker_threads');
         process.once('message', ({ workerData, rows }) => {
           const channel = new MessageChannel();
           new Worker(${JSON.stringify(ROW_WRITER)}, {
             workerData: { ...workerData, batchPort: channel.port2 },
             transferList: [channel.port2],
           });
           channel.port1.on('message', () => process.send('stored'));
           channel.port1.postMessage({ type: 'rows', rows });
         });`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
    );
    const stored = new Promise<void>((resolve) => child.once('message', () => resolve()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send({
      workerData: { sqliteFile: store.sqliteFile!, projectId: PROJECT, version: 7 },
      rows: flattenBatch({ elements: first, properties: [propertyRow(10)] }, SQLITE_ROW_ORDER),
    });
    await stored;
    child.kill('SIGKILL');
    await exited;
    expect(await store.rows.countAll(PROJECT, 7)).toEqual({ elements: 0, properties: 1, spatial: 0 });
  });

  it('keeps two jobs written at the same time apart', async () => {
    const a = startWriter(8);
    const b = startWriter(9);
    a.send({ type: 'rows', rows: flattenBatch({ elements: first }, SQLITE_ROW_ORDER) });
    b.send({
      type: 'rows',
      rows: flattenBatch({ elements: [elementRow(77, { GlobalId: '0aB$cd' })] }, SQLITE_ROW_ORDER),
    });
    a.send({ type: 'rows', rows: flattenBatch({ elements: second }, SQLITE_ROW_ORDER) });
    b.send({ type: 'end' });
    await b.next('drained');
    a.send({ type: 'end' });
    await a.next('drained');
    expect(await storedKeys(8)).toEqual(expected);
    expect(await storedKeys(9)).toEqual([[`${PROJECT}:0aB$cd`, 77]]);
    for (const w of [a, b]) {
      w.control({ type: 'stop' });
      await w.exit;
      w.close();
    }
  });
});
