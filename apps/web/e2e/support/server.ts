import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export type TestServer = {
  baseURL: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built API (which also serves the built web app) on a free port with its own empty
 * data directory, and resolves once GET /health answers.
 */
export async function startServer(): Promise<TestServer> {
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-only-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`API exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${baseURL}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`API not healthy within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, output: () => log, stop };
}
