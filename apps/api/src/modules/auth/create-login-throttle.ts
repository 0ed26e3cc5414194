import type { mongo } from 'mongoose';
import { LoginThrottle, type LoginThrottleOptions, type LoginThrottling } from './login-throttle';
import { createMongoLoginThrottle } from './mongo-login-throttle';

/** The throttle for this store: shared by every instance through MongoDB, or the process's own on SQLite. */
export function createLoginThrottle(
  store: { mongoDb?: mongo.Db },
  options: LoginThrottleOptions,
): LoginThrottling {
  return store.mongoDb ? createMongoLoginThrottle(store.mongoDb, options) : new LoginThrottle(options);
}
