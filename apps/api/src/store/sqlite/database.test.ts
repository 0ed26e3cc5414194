import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, WAL_AUTOCHECKPOINT_PAGES } from './database';

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
});
