import path from 'node:path';
import type { Store } from '../../../store/types';
import { GridFsJobFiles } from './gridfs-job-files';
import type { JobFiles } from './job-files';
import { LocalJobFiles } from './local-job-files';

/** GridFS on MongoDB (any instance may run any job), files under DATA_DIR/models on SQLite. */
export function createJobFiles(store: Store, dataDir: string): JobFiles {
  if (store.kind === 'mongodb' && store.mongoDb) return new GridFsJobFiles(store.mongoDb, dataDir);
  return new LocalJobFiles(path.join(dataDir, 'models'));
}
