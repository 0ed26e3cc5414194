import { spawn } from 'node:child_process';
import Database from 'libsql';
import { flattenBatch } from '@aec/ifc';
import { SQLITE_ROW_ORDER } from '../../../store/sqlite/sqlite-row-repository';
import type { Store, StoredElementRow } from '../../../store/types';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import {
  ROW_WRITER,
  ROW_WRITER_PROJECT as PROJECT,
  rowWriterFixture,
} from '../../../test/row-writer-fixture';
import { until } from '../../../test/until';

/** The row-writer thread as the job runner drives it (rows sent interned: row-writer-interned.test.ts). */
const writers = rowWriterFixture();
const { startWriter } = writers;
let store: Store;
beforeEach(() => {
  store = writers.store;
});

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

  it("leaves WAL checkpoints to the store's checkpointer thread, telling it of each commit", async () => {
    const commits = store.walCommits!;
    const before = Atomics.load(commits, 0);
    const w = startWriter(1);
    for (let b = 0; b < 3; b++)
      w.send({ type: 'rows', rows: flattenBatch({ properties: [propertyRow(b + 1)] }, SQLITE_ROW_ORDER) });
    w.send({ type: 'end' });
    await w.next('drained');
    // three batches and the move, each its own transaction
    expect(Atomics.load(commits, 0) - before).toBeGreaterThanOrEqual(4);
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
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

  it('rebuilds the type-and-storey index in the move when the version brings as many rows as the table holds', async () => {
    const reader = new Database(store.sqliteFile!, { readonly: true });
    // libsql has no pluck(): the first column of the first row
    const first = (sql: string) => {
      const statement = reader.prepare(sql).raw(true);
      return (...params: unknown[]) => (statement.get(...params) as unknown[])[0];
    };
    const schemaVersion = first('PRAGMA schema_version');
    const indexSql = first("SELECT sql FROM sqlite_schema WHERE name = 'ifc_elements_type_storey'");
    // Prepared before the rebuild, on another connection: it must go on answering through the new index.
    const byTypeAndStorey = first(
      `SELECT COUNT(*) FROM ifc_elements INDEXED BY ifc_elements_type_storey
       WHERE project_id = ? AND version = ? AND "IfcType" = ? AND "Storey" = ?`,
    );
    const definition = indexSql();
    const writeJob = async (version: number, count: number) => {
      const elements = Array.from({ length: count }, (_, i) =>
        elementRow(i + 1, {
          GlobalId: `${(i * 7919) % count}x${version}`,
          IfcType: i % 2 ? 'IfcDoor' : 'IfcWall',
          Storey: `Level ${i % 5}`,
        }),
      );
      // one GlobalId twice: stored after the move as #2, through the index
      elements.push(elementRow(count + 1, { GlobalId: `0x${version}`, Storey: 'Level 0' }));
      const w = startWriter(version);
      for (let at = 0; at < elements.length; at += 1000)
        w.send({
          type: 'rows',
          rows: flattenBatch({ elements: elements.slice(at, at + 1000) }, SQLITE_ROW_ORDER),
        });
      w.send({ type: 'end' });
      expect(await w.next('drained')).toMatchObject({ stored: { elements: count + 1 } });
      w.control({ type: 'stop' });
      await w.exit;
      w.close();
    };

    // The table holds none of the project's rows: 12,000 staged rows rebuild the index (the schema changes once).
    const before = schemaVersion();
    await writeJob(10, 12_000);
    const rebuilt = schemaVersion();
    expect(rebuilt).toBeGreaterThan(before as number);
    expect(indexSql()).toBe(definition);
    expect(byTypeAndStorey(PROJECT, 10, 'IfcWall', 'Level 0')).toBe(1200 + 1);
    expect(byTypeAndStorey(PROJECT, 10, 'IfcDoor', 'Level 3')).toBe(1200);
    expect(await storedKeys(10)).toContainEqual([`${PROJECT}:0x10#2`, 12_001]);
    // Fewer rows than the table holds: filled row by row, no schema change.
    await writeJob(11, 11_000);
    expect(schemaVersion()).toBe(rebuilt);
    expect(byTypeAndStorey(PROJECT, 11, 'IfcDoor', 'Level 1')).toBe(1100);
    expect(first('PRAGMA integrity_check')()).toBe('ok');
    reader.close();
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
