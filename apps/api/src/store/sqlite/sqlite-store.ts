import path from 'node:path';
import type { Store } from '../types';
import { openSqlite } from './database';
import { createSqliteUserRepository } from './sqlite-user-repository';
import { createSqliteProjectRepository } from './sqlite-project-repository';
import { createSqliteJobRepository } from './sqlite-job-repository';
import { createSqliteRowRepository } from './sqlite-row-repository';
import { createSqliteFeedTokenRepository } from './sqlite-feed-token-repository';
import { createSqliteNewsletterRepository } from './sqlite-newsletter-repository';
import { createSqliteFeedReader } from './sqlite-feed-reader';
import { createSqliteUsageRepository } from './sqlite-usage-repository';

/** The embedded default: one SQLite file in DATA_DIR (or ':memory:' for tests). */
export function createSqliteStore(location: { dataDir: string } | { file: ':memory:' }): Store {
  const file = 'file' in location ? location.file : path.join(location.dataDir, 'aec.sqlite');
  const db = openSqlite(file);
  return {
    kind: 'sqlite',
    ...(file === ':memory:' ? {} : { sqliteFile: file }),
    users: createSqliteUserRepository(db),
    projects: createSqliteProjectRepository(db),
    jobs: createSqliteJobRepository(db),
    rows: createSqliteRowRepository(db),
    feedTokens: createSqliteFeedTokenRepository(db),
    newsletter: createSqliteNewsletterRepository(db),
    feed: createSqliteFeedReader(db),
    usage: createSqliteUsageRepository(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
