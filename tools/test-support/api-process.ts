import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * The one way test suites (API integration, browser, reliability, interop) start the built API: a child process on
 * 127.0.0.1, a free port, waiting for GET /health, stopped by the suite.
 */
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

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Sends the signal (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartApiOptions {
  /** The server bundle to run (normally apps/api/dist/server.js). */
  server: string;
  env: Record<string, string>;
  port?: number;
  cwd?: string;
  timeoutMs?: number;
}

export async function startApiProcess(options: StartApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, [options.server], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server not healthy within ${options.timeoutMs ?? 30_000} ms: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl, output: () => log, stop };
}
