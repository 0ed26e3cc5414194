import { FERRETDB_SCRIPT } from './paths';
import { runCommand, tail } from './run-command';

/** Starts FerretDB (built by global setup) for a data dir; resolves with its mongodb:// URI. */
export async function startFerretDb(dataDir: string): Promise<string> {
  const r = await runCommand('bash', [FERRETDB_SCRIPT, 'start', dataDir], { timeoutMs: 90_000 });
  const uri = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0 || !uri.startsWith('mongodb://')) {
    throw new Error(`ferretdb.sh start failed (exit ${r.code}): ${tail(r.stderr)}`);
  }
  return uri;
}

export async function stopFerretDb(dataDir: string): Promise<void> {
  await runCommand('bash', [FERRETDB_SCRIPT, 'stop', dataDir], { timeoutMs: 30_000 });
}
