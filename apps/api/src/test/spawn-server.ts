import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startApiProcess, type ApiProcess } from '../../../../tools/test-support/api-process';

export const API_DIR = path.resolve(__dirname, '../..');
const SERVER = path.join(API_DIR, 'dist/server.js');

/** Bundles the API exactly as `pnpm start` does (esbuild, well under a second). */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: 'inherit' });
  if (!fs.existsSync(SERVER)) throw new Error(`build did not produce ${SERVER}`);
}

/**
 * Bundles the API unless a bundle is there. Jest's global setup (scripts/jest-build-api.js) builds it from the sources
 * under test before any suite starts; a suite that built it again rewrote the files while suites running beside it
 * started worker threads from them.
 */
export function ensureServerBundle(): void {
  if (!fs.existsSync(SERVER)) buildServerBundle();
}

export { freePort };

export type RunningServer = ApiProcess;

/** Starts dist/server.js with the given environment on 127.0.0.1 and waits for /health. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startApiProcess({ server: SERVER, env, timeoutMs: 20_000 });
}
