import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config/env';
import { apiNotFound, errorHandler } from './errors/error-handler';
import { requestLogging } from './http/request-logging';
import { staticWeb } from './http/static-web';
import { authRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { LoginThrottle } from './modules/auth/login-throttle';
import { createPasswordHasher } from './modules/auth/password-hasher';
import { requireAuth } from './modules/auth/require-auth';
import { createTokenService } from './modules/auth/token-service';
import { healthRouter } from './modules/health/health.router';
import { usersRouter } from './modules/users/users.router';
import { createUsersService } from './modules/users/users.service';
import type { Store } from './store/types';

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  jwtSecret: string;
}

/** Builds the Express app without listening: server.ts listens, tests drive it with supertest. */
export function createApp({ config, store, logger, jwtSecret }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  const tokens = createTokenService(jwtSecret, config.JWT_EXPIRES_IN);
  const throttle = new LoginThrottle({
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
  const users = createUsersService({ store });
  const authenticate = requireAuth({ store, tokens });

  app.use(requestLogging(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        // Self-hosted installs often run on plain HTTP inside a LAN: upgrading requests to HTTPS would break them.
        directives: {
          'img-src': ["'self'", 'data:'],
          'script-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(cors({ origin: config.CORS_ORIGIN.split(',').map((o) => o.trim()), credentials: true }));
  app.use(express.json({ limit: config.BODY_LIMIT }));

  app.use(healthRouter(store));
  app.use('/mongo/auth', authRouter(auth));
  app.use('/mongo/user', usersRouter(users, authenticate));
  app.use(['/api', '/mongo'], apiNotFound);

  const web = staticWeb(config.WEB_DIST_DIR ?? path.resolve(__dirname, '../../web/dist'));
  if (web) app.use(web);
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
