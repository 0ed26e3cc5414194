import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dataDirProblem, listenProblem } from './config/check-settings';
import { readyLine } from './http/ready-line';
import { ConfigError, parseConfig } from './config/env';
import { createApp } from './app';
import { createLogger } from './http/logger';
import { jwtSecretFor } from './modules/auth/jwt-secret';
import { createStore } from './store/create-store';
import { closeGracefully } from './http/graceful-shutdown';
import { deferContinue } from './http/deferred-continue';
import { createHttpServer } from './http/request-head';
import { requestTimeoutMs } from './http/request-timeout';
import { shutDown } from './runtime/shut-down';
import { removeStaleUploads } from './modules/ifc/upload/stale-uploads';
import { completePublishedPreparation } from './modules/ifc/jobs/complete-preparation';
import { seedDemoProject } from './modules/ifc/demo/seed-demo';
import { startSupersededSweep } from './modules/odata/superseded-sweep';
import { processesJobs, servesHttp } from './runtime/instance-role';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dataProblem = dataDirProblem(config.DATA_DIR);
  if (dataProblem) {
    console.error(`Invalid configuration:\n  - ${dataProblem}`);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const store = await createStore(config, {
    walCheckpointer: {
      threadPath: path.join(__dirname, 'wal-checkpointer-thread.js'),
      onExit: (err) =>
        logger.error({ err }, 'the WAL checkpointer stopped: connections checkpoint for themselves again'),
    },
  });
  const jwtSecret = await jwtSecretFor(config.JWT_SECRET, config.DATA_DIR, store);
  const { app, processor, usage, events, demo, missingWebBuild, stopBackground } = createApp({
    config,
    store,
    logger,
    jwtSecret,
  });
  if (missingWebBuild) {
    console.warn(
      `WEB_DIST_DIR: ${missingWebBuild} holds no built web app (no index.html); the API and the feed run, and ` +
        'pages show how to build it (pnpm build)',
    );
  }
  /** Stops the work (`more` beside the processor), flushes what is queued, closes the store: see shut-down.ts. */
  const stopAll = (more: (() => Promise<unknown> | undefined)[] = []) =>
    shutDown({
      work: [...more, () => processor.close(), stopBackground],
      pending: [() => usage.stop(), () => events.flushed()],
      store,
    });
  /**
   * Exits with 1 after `message`. The job processor already runs (its spare worker; on MongoDB its claim loop; maybe
   * the demo's job building its wide set in the row-writer thread): it is stopped first, since exiting under it
   * aborted the process (libsql panics when its thread is torn down mid-call) instead of exiting with 1.
   */
  const failStart = async (message: string): Promise<never> => {
    console.error(message);
    await stopAll().catch((closeErr: unknown) => logger.error({ err: closeErr }, 'could not stop cleanly'));
    process.exit(1);
  };
  const processing = processesJobs(config.ROLE);
  try {
    if (processing) {
      const recovered = await processor.recoverInterrupted();
      if (recovered)
        logger.warn({ jobs: recovered }, 'jobs interrupted by the previous shutdown were marked failed');
    }
    if (servesHttp(config.ROLE)) {
      // Uploads arrive and the demo is served only where HTTP is: a worker has neither.
      await removeStaleUploads(config.DATA_DIR);
      // The demo is built by a job. An api instance runs no jobs: waiting for a worker to claim it would hold the
      // start (and /health) until one runs, so there it is built in the background and "Create Demo Data" covers
      // the gap; an instance that processes jobs builds it before listening, as on one machine.
      const seeding = seedDemoProject(demo, logger);
      if (processing) await seeding;
    }
  } catch (err) {
    await failStart(`Failed to start: ${err instanceof Error ? err.message : String(err)}`);
  }
  const server = createHttpServer(app);
  server.requestTimeout = requestTimeoutMs(config.MAX_UPLOAD_MB * 1024 * 1024);
  deferContinue(server, app);
  server.listen(config.PORT, config.HOST);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (err) {
    await failStart(
      `Invalid configuration:\n  - ${listenProblem(err as NodeJS.ErrnoException, config.HOST, config.PORT)}`,
    );
  }
  const { port } = server.address() as AddressInfo;
  logger.info(
    {
      port,
      host: config.HOST,
      store: store.kind,
      dataDir: config.DATA_DIR,
      role: config.ROLE,
      instanceId: config.INSTANCE_ID,
    },
    'AEC Con-Tech Data Tools API listening',
  );
  if (config.LOG_LEVEL !== 'silent') {
    console.log(
      readyLine({
        host: config.HOST,
        port,
        dataDir: config.DATA_DIR,
        store: store.kind,
        sqliteFile: path.join(config.DATA_DIR, 'aec.sqlite'),
        mongoUri: config.MONGODB_URI,
        role: config.ROLE,
        instanceId: config.INSTANCE_ID,
      }),
    );
  }
  // The claim loop of the leased queue (issue 16) starts with the processor for the processing roles; an api
  // instance only enqueues. The after-publish preparation and the superseded sweep are worker work too.
  const preparation = processing
    ? completePublishedPreparation(store, logger, (projectId, version) =>
        processor.preparing(projectId, version),
      )
    : null;
  const sweep = processing ? startSupersededSweep(store, logger) : null;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    stopAll([
      () => closeGracefully(server, config.SHUTDOWN_TIMEOUT_MS),
      () => preparation?.stop(),
      () => sweep?.stop(),
    ])
      .then(() => {
        logger.info('shutdown complete');
        process.exit(0);
      })
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
