import type { Logger } from 'pino';
import type { Store } from '../../../store/types';
import { MemoryJobEvents, type JobEvents } from './job-events';
import { MongoJobEvents } from './mongo-job-events';

/** In MongoDB when instances share it (any instance streams any job's log), else in this process's memory. */
export function createJobEvents(store: Store, logger: Logger): JobEvents {
  if (store.kind === 'mongodb' && store.mongoDb) return new MongoJobEvents(store.mongoDb, logger);
  return new MemoryJobEvents();
}
