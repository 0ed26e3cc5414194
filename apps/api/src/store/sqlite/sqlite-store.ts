import path from 'node:path';
import type { Store } from '../types';
import { openSqlite, type OpenSqliteOptions } from './database';
import { createWrite } from './write-transaction';
import { createSqliteWideElements } from './sqlite-wide-elements';
import { createSqliteUserRepository } from './sqlite-user-repository';
import { createSqliteProjectRepository } from './sqlite-project-repository';
import { createSqliteJobRepository } from './sqlite-job-repository';
import { createSqliteRowRepository } from './sqlite-row-repository';
import { createSqliteFeedTokenRepository } from './sqlite-feed-token-repository';
import { createSqliteNewsletterRepository } from './sqlite-newsletter-repository';
import { createSqliteFeedReader } from './sqlite-feed-reader';
import { createSqliteUsageRepository } from './sqlite-usage-repository';

/** The embedded default: one SQLite file in DATA_DIR (or ':memory:' for tests). */
export function createSqliteStore(
  location: ({ dataDir: string } | { file: ':memory:' }) & OpenSqliteOptions,
): Store {
  const file = 'file' in location ? location.file : path.join(location.dataDir, 'aec.sqlite');
  const db = openSqlite(file, location);
  const write = createWrite(db);
  const wide = createSqliteWideElements(db, write);
  return {
    kind: 'sqlite',
    ...(file === ':memory:' ? {} : { sqliteFile: file }),
    users: createSqliteUserRepository(db, write, wide),
    projects: createSqliteProjectRepository(db, write, wide),
    jobs: createSqliteJobRepository(db, write),
    rows: createSqliteRowRepository(db, write, wide),
    feedTokens: createSqliteFeedTokenRepository(db, write),
    newsletter: createSqliteNewsletterRepository(db, write),
    feed: createSqliteFeedReader(db),
    usage: createSqliteUsageRepository(db, write),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
