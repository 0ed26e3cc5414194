import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Set when the program could not be started at all (e.g. ENOENT). */
  spawnError?: string;
  ms: number;
}

export interface CommandOptions {
  cwd?: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs a program to completion with a hard time bound. The child gets its own process group so a
 * timeout also stops what it started (mvn's JVM, pip's builds) rather than leaving orphans behind.
 */
export function runCommand(cmd: string, args: string[], opts: CommandOptions): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, opts.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, timedOut, spawnError: error.message, ms: Date.now() - started });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** The last lines of a tool's output, for a skip or failure message. */
export function tail(text: string, lines = 6): string {
  return text.trim().split('\n').slice(-lines).join(' | ');
}
