import { flattenBatch } from '@aec/ifc';
import { openSqlite } from '../../../store/sqlite/database';
import { SQLITE_ROW_ORDER } from '../../../store/sqlite/sqlite-row-repository';
import { createWrite } from '../../../store/sqlite/write-transaction';
import {
  foregroundTurn,
  MAX_YIELD_MS,
  newWriteTurns,
  yieldToForeground,
} from '../../../store/sqlite/write-turns';
import { propertyRow } from '../../../test/row-fixtures';
import { rowWriterFixture } from '../../../test/row-writer-fixture';

const writers = rowWriterFixture();

describe('turns at the write lock', () => {
  it('a background writer waits while a foreground write is announced, and no longer than MAX_YIELD_MS', () => {
    const turns = newWriteTurns();
    const turn = foregroundTurn(turns);
    let started = Date.now();
    yieldToForeground(turns);
    expect(Date.now() - started).toBeLessThan(MAX_YIELD_MS);
    turn.begin();
    started = Date.now();
    yieldToForeground(turns);
    // nobody ends the turn here: the writer goes on after its bound
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_YIELD_MS - 5);
    turn.end();
    expect(Atomics.load(turns, 0)).toBe(0);
  });

  it("gets the API thread's write in between the row writer's batches, however fast they come", async () => {
    const { store } = writers;
    const commits = store.walCommits!;
    // the API thread's connection as the store opens it: it announces each write it makes
    const api = openSqlite(store.sqliteFile!, { walCommits: commits });
    api.exec('CREATE TABLE IF NOT EXISTS api_writes (at INTEGER)');
    const insert = api.prepare('INSERT INTO api_writes (at) VALUES (?)');
    const turn = foregroundTurn(store.writeTurns!);
    const write = createWrite(api, {
      beforeBegin: turn.begin,
      afterEnd: turn.end,
      afterCommit: () => Atomics.add(commits, 0, 1),
    });
    /** The writer's commits while one API write waited for the lock (its own commit aside). */
    const apiWrite = () => {
      const before = Atomics.load(commits, 0);
      write(() => insert.run(Date.now()));
      return Atomics.load(commits, 0) - before - 1;
    };
    const w = writers.startWriter(1);
    const rows = Array.from({ length: 2000 }, (_, i) => propertyRow(i + 1));
    // batches queued back to back, more than the test takes: the writer commits one after another, never pausing
    // (unannounced, an API write waited there while 20 and more batches passed it by: seen while writing this test)
    for (let b = 0; b < 200; b++)
      w.send({ type: 'rows', rows: flattenBatch({ properties: rows }, SQLITE_ROW_ORDER) });
    w.send({ type: 'end' });
    while (Atomics.load(commits, 0) < 5) await new Promise((r) => setTimeout(r, 5));
    const passed: number[] = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 10));
      passed.push(apiWrite());
    }
    const stillWriting = w.acks.length < 200;
    await w.next('drained');
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
    api.close();
    expect(stillWriting).toBe(true);
    // it waits for the batch in hand at most
    expect(Math.max(...passed)).toBeLessThanOrEqual(2);
  }, 60_000);
});
