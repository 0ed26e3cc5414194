import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, WAL_SIZE_LIMIT_BYTES } from './database';

describe('openSqlite', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-sqlite-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('cuts the WAL file back once a big transaction has been checkpointed', () => {
    const file = path.join(dir, 'big.sqlite');
    const db = openSqlite(file);
    try {
      db.exec('CREATE TABLE t (v TEXT)');
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      const page = 'x'.repeat(4000);
      // one transaction of ~100 MB, as a job's element move writes at once
      db.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < 25_000; i++) insert.run(page);
      db.exec('COMMIT');
      const walSize = () => fs.statSync(`${file}-wal`).size;
      expect(walSize()).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
      // the commit checkpointed it; the next write transactions start the WAL over and cut the file back
      for (let i = 0; i < 5; i++) {
        db.exec('BEGIN IMMEDIATE');
        insert.run('small');
        db.exec('COMMIT');
      }
      expect(walSize()).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
    } finally {
      db.close();
    }
  });
});
