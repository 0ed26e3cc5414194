import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import type {
  BatchPortMessage,
  WriterControl,
  WriterInput,
  WriterMessage,
} from '../modules/ifc/worker/protocol';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import type { RowContext, Store } from '../store/types';
import { WORKER_PATH } from './ifc-harness';
import { WAL_CHECKPOINTER_THREAD } from './store-fixtures';
import { buildServerBundle } from './spawn-server';

/** The row-writer thread as the job runner drives it: flat rows in, acks and `drained` out, `continue` after publish. */
export const ROW_WRITER = path.join(path.dirname(WORKER_PATH), 'row-writer.js');
/** The project every fixture store holds, which the writers write. */
export const ROW_WRITER_PROJECT = 'proj_writer';

export interface RowWriterFixture {
  /** A fresh SQLite store per test, holding ROW_WRITER_PROJECT. */
  readonly store: Store;
  startWriter: (version: number, rowContext?: RowContext) => ReturnType<typeof startWriterOn>;
}

/** Registers the hooks that give each test of the calling file its own store, and starts writers on it. */
export function rowWriterFixture(): RowWriterFixture {
  let dir: string;
  let store: Store;
  let checkpointerStopped: Error | null = null;
  beforeAll(() => {
    if (!fs.existsSync(ROW_WRITER)) buildServerBundle();
  });
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-row-writer-'));
    // as the server runs it: with the WAL checkpointer thread, which the writer then leaves checkpoints to
    checkpointerStopped = null;
    store = createSqliteStore({
      dataDir: dir,
      walCheckpointer: { threadPath: WAL_CHECKPOINTER_THREAD, onExit: (err) => (checkpointerStopped = err) },
    });
    const user = await store.users.create({ username: 'w', email: 'w@example.com', passwordHash: 'x' });
    await store.projects.create({
      id: ROW_WRITER_PROJECT,
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
    if (checkpointerStopped)
      throw new Error(`the WAL checkpointer stopped early: ${checkpointerStopped.message}`);
  });
  return {
    get store() {
      return store;
    },
    startWriter: (version, rowContext) => startWriterOn(store, version, rowContext),
  };
}

function startWriterOn(store: Store, version: number, rowContext?: RowContext) {
  const channel = new MessageChannel();
  const writer = new Worker(ROW_WRITER, {
    workerData: {
      sqliteFile: store.sqliteFile!,
      ...(store.walCommits ? { walCommits: store.walCommits } : {}),
      ...(store.writeTurns ? { writeTurns: store.writeTurns } : {}),
      projectId: ROW_WRITER_PROJECT,
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
