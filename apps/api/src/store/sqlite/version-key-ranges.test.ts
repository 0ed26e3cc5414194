import { openSqlite, type SqliteDb } from './database';
import { versionKeyRanges } from './version-key-ranges';

let db: SqliteDb;

beforeAll(() => {
  db = openSqlite(':memory:');
  db.exec(`CREATE TABLE t_text (project_id TEXT, version INTEGER, "Id" TEXT, PRIMARY KEY (project_id, version, "Id"));
           CREATE TABLE t_int ("Id" INTEGER PRIMARY KEY, project_id TEXT, version INTEGER)`);
  const text = db.prepare('INSERT INTO t_text VALUES (?, ?, ?)');
  const int = db.prepare('INSERT INTO t_int VALUES (?, ?, ?)');
  for (let i = 1; i <= 23; i++) {
    text.run('p', 1, `p:${String(i).padStart(4, '0')}`);
    int.run(i * 3, 'p', 1);
  }
  // Rows of another version and another project are never part of a range.
  text.run('p', 2, 'p:0005');
  text.run('q', 1, 'q:0001');
  int.run(1000, 'p', 2);
});
afterAll(() => db.close());

/** The keys each range covers, read back with the same bounds the work function is given. */
async function covered(table: string, start: string | number, rows: number, isCancelled?: () => boolean) {
  const ranges: unknown[][] = [];
  const read = (after: unknown, end: unknown) =>
    (
      db
        .prepare(
          `SELECT "Id" AS id FROM ${table} WHERE project_id = 'p' AND version = 1 AND "Id" > ?
           ${end === undefined ? '' : 'AND "Id" <= ?'} ORDER BY "Id"`,
        )
        .all(...(end === undefined ? [after] : [after, end])) as { id: unknown }[]
    ).map((r) => r.id);
  const complete = await versionKeyRanges(db, table, { start, rows }).each(
    'p',
    1,
    (after, end) => ranges.push(read(after, end)),
    isCancelled,
  );
  return { complete, ranges };
}

describe('key ranges over one project version', () => {
  it.each([
    ['t_text', ''],
    ['t_int', -1],
  ] as const)(
    '%s: consecutive ranges of the given size cover every row once, in key order',
    async (table, start) => {
      const { complete, ranges } = await covered(table, start, 5);
      expect(complete).toBe(true);
      expect(ranges.map((r) => r.length)).toEqual([5, 5, 5, 5, 3]);
      const all = (
        db
          .prepare(`SELECT "Id" AS id FROM ${table} WHERE project_id = 'p' AND version = 1 ORDER BY "Id"`)
          .all() as {
          id: unknown;
        }[]
      ).map((r) => r.id);
      expect(ranges.flat()).toEqual(all);
    },
  );

  it('stops between ranges when cancelled', async () => {
    let calls = 0;
    const { complete, ranges } = await covered('t_int', -1, 5, () => ++calls > 2);
    expect(complete).toBe(false);
    expect(ranges).toHaveLength(2);
  });
});
