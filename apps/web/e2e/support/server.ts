import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startApiProcess } from '../../../../tools/test-support/api-process';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export type TestServer = {
  baseURL: string;
  /** The server's own data directory (its SQLite file is `aec.sqlite`), for tests that stage old data. */
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export { freePort };

/** The signing secret of every test server, so a test can mint tokens the server would have issued. */
export const E2E_JWT_SECRET = 'e2e-only-secret-that-is-long-enough-for-hs256';

/**
 * Starts the built API (which also serves the built web app) on a free port with its own empty
 * data directory, and resolves once GET /health answers.
 */
/** `env`: settings beyond the defaults (e.g. MAX_UPLOAD_MB). */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` before the browser tests`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-e2e-'));
  try {
    const api = await startApiProcess({
      server: SERVER_ENTRY,
      cwd: REPO_ROOT,
      timeoutMs: 20_000,
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: E2E_JWT_SECRET,
        ...env,
      },
    });
    return {
      baseURL: api.baseUrl,
      dataDir,
      output: api.output,
      stop: async () => {
        await api.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
