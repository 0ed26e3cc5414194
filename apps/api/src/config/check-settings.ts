import fs from 'node:fs';
import path from 'node:path';

/**
 * Settings env.ts cannot judge from their text alone, checked against the machine at start so that a bad one stops
 * the server with a sentence naming it instead of a bare ENOTDIR or getaddrinfo error from deep inside.
 */

/** Why DATA_DIR cannot hold the data (it is created when missing), or null when it can. */
export function dataDirProblem(dataDir: string): string | null {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      const file = firstFileOnPath(dataDir);
      return `DATA_DIR: ${dataDir} cannot be a folder because ${file ?? 'part of that path'} is a file`;
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      return `DATA_DIR: ${dataDir} is not writable by this process (${code})`;
    return `DATA_DIR: ${dataDir} cannot be used (${code ?? (err as Error).message})`;
  }
}

function firstFileOnPath(target: string): string | null {
  let current = path.resolve(target);
  const chain: string[] = [];
  while (path.dirname(current) !== current) {
    chain.unshift(current);
    current = path.dirname(current);
  }
  return chain.find((p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile()) ?? null;
}

/** The sentence for an error from listen(), naming HOST or PORT. */
export function listenProblem(err: NodeJS.ErrnoException, host: string, port: number): string {
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST: ${host} is not a name this machine can resolve to one of its addresses (${err.code})`;
    case 'EADDRNOTAVAIL':
      return `HOST: ${host} is not an address of this machine (EADDRNOTAVAIL)`;
    case 'EADDRINUSE':
      return `PORT: ${port} on ${host} is already in use by another program (EADDRINUSE)`;
    case 'EACCES':
      return `PORT: ${port} needs privileges this process does not have; use a port above 1023 (EACCES)`;
    default:
      return `HOST/PORT: cannot listen on ${host}:${port} (${err.code ?? err.message})`;
  }
}
