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
import { createVersionRowRemoval } from './sqlite-version-rows';
import { createSqliteVersionBook } from './sqlite-version-book';
import { createSqliteModelRepository } from './sqlite-model-repository';
import { createSqliteSupersededVersions, DEFAULT_SNAPSHOT_GRACE_MINUTES } from './sqlite-superseded-versions';
import { startWalCheckpointer, walCommitNotifier, type WalCheckpointer } from './wal-checkpointer';
import { foregroundTurn, newWriteTurns } from './write-turns';

/** The embedded default: one SQLite file in DATA_DIR (or ':memory:' for tests). */
export function createSqliteStore(
  location: ({ dataDir: string } | { file: ':memory:' }) &
    Omit<OpenSqliteOptions, 'walCommits'> & {
      /** How long a superseded version's rows outlive the switch, for pulls begun on it (SNAPSHOT_GRACE_MINUTES). */
      snapshotGraceMinutes?: number;
      /**
       * The bundled wal-checkpointer-thread.js: WAL checkpoints then run on a thread of their own (wal-checkpointer.ts)
       * instead of inside commits. Without it (tests, ':memory:'), SQLite checkpoints as it does by default.
       */
      walCheckpointer?: { threadPath: string; onExit: (error: Error) => void };
    },
): Store {
  const file = 'file' in location ? location.file : path.join(location.dataDir, 'aec.sqlite');
  // The checkpointer opens the file after the schema is in place (openSqlite creates and migrates it).
  const db = openSqlite(file, location);
  let checkpointer: WalCheckpointer | undefined;
  if (location.walCheckpointer && file !== ':memory:') {
    checkpointer = startWalCheckpointer(file, location.walCheckpointer.threadPath, location.walCheckpointer.onExit);
    db.pragma('wal_autocheckpoint = 0');
  }
  // The API thread's connection: it announces its writes so row-writer threads let it have the lock (write-turns.ts).
  const writeTurns = file === ':memory:' ? undefined : newWriteTurns();
  const turn = writeTurns && foregroundTurn(writeTurns);
  const write = createWrite(db, {
    ...(turn ? { beforeBegin: turn.begin, afterEnd: turn.end } : {}),
    ...(checkpointer ? { afterCommit: walCommitNotifier(db, checkpointer.commits) } : {}),
  });
  const wide = createSqliteWideElements(db, write);
  const removeRows = createVersionRowRemoval(db, write, wide);
  const superseded = createSqliteSupersededVersions(
    db,
    location.snapshotGraceMinutes ?? DEFAULT_SNAPSHOT_GRACE_MINUTES,
  );
  const book = createSqliteVersionBook(db, write, removeRows, superseded);
  return {
    kind: 'sqlite',
    ...(file === ':memory:' ? {} : { sqliteFile: file }),
    ...(checkpointer ? { walCommits: checkpointer.commits } : {}),
    ...(writeTurns ? { writeTurns } : {}),
    users: createSqliteUserRepository(db, write, wide),
    projects: createSqliteProjectRepository(db, write, wide, book),
    jobs: createSqliteJobRepository(db, write),
    rows: createSqliteRowRepository(db, write, wide, removeRows, book.contextFor),
    models: createSqliteModelRepository(db, write, wide, book, removeRows),
    feedTokens: createSqliteFeedTokenRepository(db, write),
    newsletter: createSqliteNewsletterRepository(db, write),
    feed: createSqliteFeedReader(db),
    usage: createSqliteUsageRepository(db, write),
    async pruneSuperseded(now) {
      return book.pruneSuperseded(now);
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      // The checkpointer first: its connection closes before the store's, whose own close checkpoints what is left.
      await checkpointer?.close();
      if (db.open) db.close();
    },
  };
}
