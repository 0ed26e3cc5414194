import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, WAL_AUTOCHECKPOINT_PAGES, WAL_SIZE_LIMIT_BYTES } from './database';

describe('openSqlite', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-sqlite-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lets many small commits grow the WAL past SQLite’s 1,000-page default before checkpointing it', () => {
    const db = openSqlite(path.join(dir, 'wal.sqlite'));
    try {
      db.exec('CREATE TABLE t (v TEXT)');
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      const page = 'x'.repeat(4000);
      // 3,000 commits of a page-sized row each: about 6,000 WAL frames, all below the threshold.
      for (let i = 0; i < 3000; i++) {
        db.exec('BEGIN IMMEDIATE');
        insert.run(page);
        db.exec('COMMIT');
      }
      const [checkpoint] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      const log = checkpoint?.log ?? 0;
      expect(log).toBeGreaterThan(2000);
      expect(log).toBeLessThan(WAL_AUTOCHECKPOINT_PAGES);
      expect((db.pragma('wal_autocheckpoint') as { wal_autocheckpoint: number }[])[0]).toEqual({
        wal_autocheckpoint: WAL_AUTOCHECKPOINT_PAGES,
      });
    } finally {
      db.close();
    }
  });

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
