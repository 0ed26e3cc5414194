import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config/env';
import { apiNotFound, errorHandler } from './errors/error-handler';
import { compressResponses } from './http/compress-responses';
import { jsonBodiesOnly } from './http/json-bodies-only';
import { requestLogging } from './http/request-logging';
import { staticWeb } from './http/static-web';
import { webNotBuilt } from './http/web-not-built';
import { authRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginThrottle } from './modules/auth/create-login-throttle';
import { createPasswordHasher } from './modules/auth/password-hasher';
import { optionalAuth, requireAuth } from './modules/auth/require-auth';
import { createTokenService } from './modules/auth/token-service';
import { healthRouter } from './modules/health/health.router';
import { usersRouter } from './modules/users/users.router';
import { createUsersService } from './modules/users/users.service';
import type { Store } from './store/types';
import { createDemoProjects, type DemoProjects } from './modules/ifc/demo/demo-projects';
import { ifcRouter } from './modules/ifc/ifc.router';
import { createIfcService } from './modules/ifc/ifc.service';
import { createJobEvents } from './modules/ifc/jobs/create-job-events';
import { createJobQueue } from './modules/ifc/jobs/create-job-queue';
import { createJobFiles } from './modules/ifc/jobs/create-job-files';
import type { JobQueue } from './modules/ifc/jobs/job-queue';
import type { JobEvents } from './modules/ifc/jobs/job-events';
import { createUploadReceiver } from './modules/ifc/upload/receive-upload';
import { feedTokensRouter } from './modules/feed-tokens/feed-tokens.router';
import { createFeedTokensService } from './modules/feed-tokens/feed-tokens.service';
import { newsletterRouter } from './modules/newsletter/newsletter.router';
import { identifyFeedCaller } from './modules/odata/feed-auth';
import { odataRouter } from './modules/odata/odata.router';
import { createODataService } from './modules/odata/odata.service';
import { countApiRequests } from './modules/stats/count-api-requests';
import { statsRouter } from './modules/stats/stats.router';
import { createStatsService } from './modules/stats/stats.service';
import { UsageCounter } from './modules/stats/usage-counter';
import { finalPreparationFailure } from './modules/ifc/jobs/post-publish-state';
import { processesJobs, servesHttp } from './runtime/instance-role';

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  jwtSecret: string;
  /** The bundled IFC worker; defaults to ifc-worker.js beside the server bundle. */
  workerPath?: string;
}

export interface AppRuntime {
  app: Express;
  processor: JobQueue;
  usage: UsageCounter;
  /** Job logs: server.ts waits for their queued writes before closing the store. */
  events: JobEvents;
  /** The public demo project (server.ts seeds it at start). */
  demo: DemoProjects;
  /** The web build folder when it holds no built app (the server then says so at start and at `/`), else null. */
  missingWebBuild: string | null;
  /** Shutdown: stops the services' background work (a deleted version's followers' change steps) before the store closes. */
  stopBackground: () => Promise<void>;
}

/** Builds the Express app without listening: server.ts listens, tests drive it with supertest. */
export function createApp({ config, store, logger, jwtSecret, workerPath }: AppDeps): AppRuntime {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  const tokens = createTokenService(jwtSecret, config.JWT_EXPIRES_IN);
  const throttle = createLoginThrottle(store, {
    maxFailuresPerUser: config.LOGIN_MAX_FAILURES_PER_USER,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    windowMs: config.LOGIN_WINDOW_SECONDS * 1000,
  });
  const auth = createAuthService({
    store,
    hasher: createPasswordHasher(config.BCRYPT_COST),
    tokens,
    throttle,
  });
  const authenticate = requireAuth({ store, tokens });
  const identify = optionalAuth({ store, tokens });

  const events = createJobEvents(store, logger);
  const jobFiles = createJobFiles(store, config.DATA_DIR);
  const processor = createJobQueue({
    store,
    events,
    logger,
    workerPath: workerPath ?? path.join(__dirname, 'ifc-worker.js'),
    writerPath: path.join(path.dirname(workerPath ?? path.join(__dirname, 'ifc-worker.js')), 'row-writer.js'),
    concurrency: config.JOB_CONCURRENCY,
    queueLimit: config.JOB_QUEUE_LIMIT,
    timeoutMs: config.JOB_TIMEOUT_SECONDS * 1000,
    maxOldGenerationSizeMb: config.WORKER_MAX_OLD_MB,
    batchSize: config.ROW_BATCH_SIZE,
    extractor: config.IFC_EXTRACTOR,
    rehearsalDir: config.IFC_SPARE_REHEARSAL ? path.join(config.DATA_DIR, 'work') : undefined,
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    instanceId: config.INSTANCE_ID,
    files: jobFiles,
    claimJobs: processesJobs(config.ROLE),
  });
  const feedTokens = createFeedTokensService({ store });
  const usage = new UsageCounter(store, logger);
  usage.start();
  const stats = createStatsService({ store, usage });
  const odata = createODataService({
    reader: store.feed,
    pageSize: config.ODATA_PAGE_SIZE,
    tokenSecret: jwtSecret,
    onServed: (userId, projectId) => usage.count('feed', userId, projectId),
    wideCatalog: (projectId, versions) => store.rows.servedWideCatalog(projectId, versions),
    wideSetFailure: (projectId, version) => finalPreparationFailure(store, projectId, version),
  });
  const modelDir = path.join(config.DATA_DIR, 'models');
  const ifc = createIfcService({ store, processor, events, files: jobFiles, logger });
  const users = createUsersService({ store, removeOwnedProjects: (user) => ifc.deleteProjectsOf(user) });
  const stopBackground = () => ifc.models.stopBackground();
  const demo = createDemoProjects({ store, ifc, modelDir });
  const receiveUpload = createUploadReceiver({
    uploadDir: path.join(config.DATA_DIR, 'uploads'),
    maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    maxMb: config.MAX_UPLOAD_MB,
  });

  app.use(requestLogging(logger));
  app.use(compressResponses());
  app.use(
    helmet({
      contentSecurityPolicy: {
        // Self-hosted installs often run on plain HTTP inside a LAN: upgrading requests to HTTPS would break them.
        directives: {
          'img-src': ["'self'", 'data:'],
          'script-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(cors({ origin: config.CORS_ORIGIN.split(',').map((o) => o.trim()), credentials: true }));
  app.use(['/api', '/mongo'], jsonBodiesOnly);
  app.use(express.json({ limit: config.BODY_LIMIT }));

  app.use(['/api', '/mongo'], countApiRequests(usage));
  app.use(
    healthRouter(store, {
      role: config.ROLE,
      instanceId: config.INSTANCE_ID,
      ...(processesJobs(config.ROLE) ? { heldJobs: () => processor.heldJobs() } : {}),
    }),
  );
  if (!servesHttp(config.ROLE)) {
    // A worker instance: processing only; any other path is a JSON 404, so a misrouted proxy is obvious.
    app.use(apiNotFound);
    app.use(errorHandler);
    return { app, processor, usage, events, demo, missingWebBuild: null, stopBackground };
  }
  app.use('/mongo/auth', authRouter(auth));
  app.use('/mongo/user', usersRouter(users, authenticate));
  app.use('/api/ifc/odata', odataRouter(odata, identifyFeedCaller({ store, tokens, feedTokens })));
  app.use(
    '/api/ifc',
    ifcRouter({
      ifc,
      demo,
      events,
      receiveUpload,
      authenticate,
      identify,
      usage,
      maxUploadMb: config.MAX_UPLOAD_MB,
    }),
  );
  app.use('/api/stats', statsRouter(stats, authenticate));
  app.use('/api/feed-tokens', feedTokensRouter(feedTokens, authenticate));
  app.use('/api/newsletter', newsletterRouter(store));
  app.use(['/api', '/mongo'], apiNotFound);

  const webDistDir = config.WEB_DIST_DIR ?? path.resolve(__dirname, '../../web/dist');
  const web = staticWeb(webDistDir);
  app.use(web ?? webNotBuilt());
  app.use(apiNotFound);
  app.use(errorHandler);
  return { app, processor, usage, events, demo, missingWebBuild: web ? null : webDistDir, stopBackground };
}
