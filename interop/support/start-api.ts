import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { toolState } from './tool-state';

export interface RunningServer {
  baseUrl: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API bundle global setup snapshotted (interop/.state/dist), on 127.0.0.1, and waits for /health.
 * Running a private copy matters: other test runs rebuild apps/api/dist while ours runs, and a worker
 * file swapped under a live server fails its jobs. npm dependencies still resolve from apps/api.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = toolState('api').path;
  if (!server) throw new Error('no API bundle recorded by global setup');
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [server], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_PATH: path.join(REPO_ROOT, 'apps/api/node_modules'),
      WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy within 30 s: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
