import path from 'node:path';
import { REPO_ROOT } from './paths';
import { toolState } from './tool-state';
import { startApiProcess } from '../../tools/test-support/api-process';

export interface RunningServer {
  baseUrl: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the API bundle global setup snapshotted (interop/.state/dist), on 127.0.0.1, and waits for /health.
 * Running a private copy matters: other test runs rebuild apps/api/dist while ours runs, and a worker
 * file swapped under a live server fails its jobs. npm dependencies still resolve from apps/api.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = toolState('api').path;
  if (!server) throw new Error('no API bundle recorded by global setup');
  const api = await startApiProcess({
    server,
    env: {
      NODE_PATH: path.join(REPO_ROOT, 'apps/api/node_modules'),
      WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
      ...env,
    },
  });
  return { baseUrl: api.baseUrl, output: api.output, stop: api.stop };
}
