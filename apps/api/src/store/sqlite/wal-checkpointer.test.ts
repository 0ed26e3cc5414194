import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { openSqlite, type SqliteDb } from './database';
import { createSqliteStore } from './sqlite-store';
import { createWrite } from './write-transaction';
import {
  CHECKPOINT_INTERVAL_MS,
  COMMITS,
  SQLITE_AUTOCHECKPOINT_PAGES,
  STOP,
  type CheckpointerInput,
  startWalCheckpointer,
  walCommitNotifier,
  type WalCheckpointer,
} from './wal-checkpointer';
import { WAL_CHECKPOINTER_THREAD } from '../../test/store-fixtures';
import { buildServerBundle } from '../../test/spawn-server';
import { held } from '../../test/until';

/** ~6 MB of rows in 20 transactions: far more than one checkpoint's worth of WAL pages. */
function writeRows(db: SqliteDb, write: ReturnType<typeof createWrite>): void {
  db.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, text TEXT)');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  for (let t = 0; t < 20; t++)
    write(() => {
      for (let i = 0; i < 300; i++) insert.run('x'.repeat(1000));
    });
}

/** The checkpointer thread's effects show within seconds; look every 25 ms. */
const WAL_POLL = { ms: 15_000, everyMs: 25 };

const autocheckpoint = (db: SqliteDb) =>
  (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

describe('WAL checkpointer thread', () => {
  let dir: string;
  let file: string;
  const open: Array<{ db?: SqliteDb; checkpointer?: WalCheckpointer }> = [];

  beforeAll(() => {
    if (!fs.existsSync(WAL_CHECKPOINTER_THREAD)) buildServerBundle();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-wal-'));
    file = path.join(dir, 'aec.sqlite');
  });
  afterEach(async () => {
    for (const { db, checkpointer } of open.splice(0)) {
      await checkpointer?.close();
      if (db?.open) db.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies what a connection commits into the database file, where the connection itself no longer does', async () => {
    const exits: Error[] = [];
    const checkpointer = startWalCheckpointer(file, WAL_CHECKPOINTER_THREAD, (err) => exits.push(err));
    const db = openSqlite(file, { walCommits: checkpointer.commits });
    open.push({ db, checkpointer });
    expect(autocheckpoint(db)).toBe(0);
    const before = fs.statSync(file).size;
    writeRows(db, createWrite(db, { afterCommit: walCommitNotifier(db, checkpointer.commits) }));
    // the pages reach the database file only by a checkpoint: here, the thread's
    expect(await held(() => fs.statSync(file).size >= before + 5_000_000, WAL_POLL)).toBe(true);
    expect(exits).toEqual([]);
  });

  it('copies commits reported before its thread had started, with no commit after them', async () => {
    // what startWalCheckpointer does, with the commits already counted when the thread first looks: a store whose
    // connections commit while the thread is still starting (a busy machine) and then go quiet
    const commits = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const db = openSqlite(file, { walCommits: commits });
    open.push({ db });
    const before = fs.statSync(file).size;
    writeRows(db, createWrite(db));
    Atomics.store(commits, COMMITS, 20);
    const thread = new Worker(WAL_CHECKPOINTER_THREAD, {
      workerData: { file, commits, intervalMs: CHECKPOINT_INTERVAL_MS } satisfies CheckpointerInput,
    });
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    try {
      expect(await held(() => fs.statSync(file).size >= before + 5_000_000, WAL_POLL)).toBe(true);
    } finally {
      Atomics.store(commits, STOP, 1);
      Atomics.notify(commits, COMMITS);
      await exited;
    }
  });

  it('leaves the WAL alone when nobody tells it of commits (what the test above relies on)', async () => {
    const checkpointer = startWalCheckpointer(file, WAL_CHECKPOINTER_THREAD, () => undefined);
    const db = openSqlite(file, { walCommits: checkpointer.commits });
    open.push({ db, checkpointer });
    const before = fs.statSync(file).size;
    writeRows(db, createWrite(db));
    await new Promise((r) => setTimeout(r, 500));
    expect(fs.statSync(file).size).toBe(before);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(5_000_000);
  });

  it('hands checkpoints back to the connections when its thread ends before it is closed', async () => {
    const exits: Error[] = [];
    const checkpointer = startWalCheckpointer(file, path.join(dir, 'no-such-thread.js'), (err) =>
      exits.push(err),
    );
    const db = openSqlite(file, { walCommits: checkpointer.commits });
    open.push({ db, checkpointer });
    expect(await held(() => exits.length > 0, WAL_POLL)).toBe(true);
    expect(Atomics.load(checkpointer.commits, STOP)).toBe(1);
    const write = createWrite(db, { afterCommit: walCommitNotifier(db, checkpointer.commits) });
    expect(autocheckpoint(db)).toBe(0);
    write(() => db.exec('CREATE TABLE t (x)'));
    expect(autocheckpoint(db)).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
  });

  it('runs with a store on a file, whose connection reports its commits to it, and stops with the store', async () => {
    const exits: Error[] = [];
    const store = createSqliteStore({
      dataDir: dir,
      walCheckpointer: { threadPath: WAL_CHECKPOINTER_THREAD, onExit: (err) => exits.push(err) },
    });
    expect(store.walCommits).toBeInstanceOf(Int32Array);
    const before = Atomics.load(store.walCommits!, 0);
    await store.users.create({ username: 'wal', email: 'wal@example.com', passwordHash: 'x' });
    expect(Atomics.load(store.walCommits!, 0)).toBeGreaterThan(before);
    await store.close();
    // closed, not failed: its thread has exited and the flag tells any connection left to checkpoint for itself
    expect(exits).toEqual([]);
    expect(Atomics.load(store.walCommits!, STOP)).toBe(1);
  });

  it('is not started for a store without a thread path or in memory', async () => {
    const inMemory = createSqliteStore({
      file: ':memory:',
      walCheckpointer: { threadPath: WAL_CHECKPOINTER_THREAD, onExit: () => undefined },
    });
    const plain = createSqliteStore({ dataDir: dir });
    expect(inMemory.walCommits).toBeUndefined();
    expect(plain.walCommits).toBeUndefined();
    await inMemory.close();
    await plain.close();
  });
});
