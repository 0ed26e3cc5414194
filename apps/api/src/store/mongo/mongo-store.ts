import mongoose, { type mongo } from 'mongoose';
import type { Store } from '../types';
import { createMongoUserRepository } from './mongo-user-repository';
import { createMongoProjectRepository } from './mongo-project-repository';
import { createMongoModelRepository } from './mongo-model-repository';
import { openVersions } from './version-docs';
import { pruneSupersededVersions } from './superseded-versions';
import { openModelsView } from './model-feed-views';
import { migrateLegacyProjects } from './legacy-models-migration';
import { createMongoJobRepository } from './mongo-job-repository';
import { detectWholeDocumentWrites } from './whole-document-writes';
import { createMongoRowRepository } from './mongo-row-repository';
import { createProjectCascade } from './project-cascade';
import { openRowCollections } from './row-collections';
import { backfillCaseShadows } from './case-shadows';
import { dropWideUnions } from './wide-union';
import { backfillSetCaseShadows } from './set-case-shadows-backfill';
import { userModel } from './user-model';
import { withLock } from './start-up-lock';
import { projectModel } from './project-model';
import { jobModel } from './job-model';
import { createMongoFeedReader } from './mongo-feed-reader';
import { createMongoFeedTokenRepository, deleteUserFeedTokens } from './mongo-feed-token-repository';
import { createMongoNewsletterRepository } from './mongo-newsletter-repository';
import { createMongoUsageRepository, deleteUserUsage } from './mongo-usage-repository';

/** MongoDB through mongoose, on its own connection so several stores can live in one process (tests). */
export async function createMongoStore(
  uri: string,
  options: {
    dbName?: string;
    /** How long a superseded version's rows outlive the switch, for pulls begun on it (SNAPSHOT_GRACE_MINUTES). */
    snapshotGraceMinutes?: number;
  } = {},
): Promise<Store> {
  const conn = mongoose.createConnection(uri, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 5000,
    autoIndex: false,
  });
  await conn.asPromise();
  const users = userModel(conn);
  const projects = projectModel(conn);
  const jobs = jobModel(conn);
  const db = conn.db!;
  await detectWholeDocumentWrites(db);
  // Build indexes before serving so the unique constraints hold from the first request. Instances starting at once
  // (issue 16) take turns: the first one builds and migrates, the next ones find it done.
  const { publishing, feedTokens } = await withLock(db, 'store-start-up', async () => {
    const [rows, feedTokenRepository, versions, modelsView] = await Promise.all([
      openRowCollections(db),
      createMongoFeedTokenRepository(db),
      openVersions(db),
      openModelsView(db),
      users.createIndexes(),
      projects.createIndexes(),
      jobs.createIndexes(),
    ]);
    await backfillCaseShadows(db, rows);
    const deps = {
      db,
      projects,
      versions,
      rows,
      modelsView,
      ...(options.snapshotGraceMinutes !== undefined
        ? { snapshotGraceMs: options.snapshotGraceMinutes * 60_000 }
        : {}),
    };
    await migrateLegacyProjects(deps);
    await backfillSetCaseShadows(db, rows);
    return { publishing: deps, feedTokens: feedTokenRepository };
  });
  const { rows, versions, modelsView } = publishing;
  const perProject = [versions, modelsView] as unknown as mongo.Collection<{ projectId: string }>[];
  const cascade = createProjectCascade(
    projects,
    jobs,
    rows,
    perProject,
    (ownerId) => Promise.all([deleteUserFeedTokens(db, ownerId), deleteUserUsage(db, ownerId)]),
    (ids) => dropWideUnions(db, ids),
  );
  return {
    kind: 'mongodb',
    users: createMongoUserRepository(users, cascade),
    projects: createMongoProjectRepository(publishing, users, cascade),
    models: createMongoModelRepository(publishing),
    jobs: createMongoJobRepository(jobs, projects),
    rows: createMongoRowRepository(publishing),
    feedTokens,
    newsletter: createMongoNewsletterRepository(db),
    feed: createMongoFeedReader(db),
    usage: createMongoUsageRepository(db),
    pruneSuperseded: (now) => pruneSupersededVersions(publishing, now),
    mongoDb: db,
    async ping() {
      await db.admin().command({ ping: 1 });
    },
    async close() {
      await conn.close();
    },
  };
}
