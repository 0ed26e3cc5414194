import { runCommand, tail } from './run-command';

export interface OlingoSetRead {
  entityType: string;
  declaredProperties: number;
  rows: number;
  pages: number;
  missingKeys: number;
  nonNullValues: number;
}

/** Runs tools/olingo-client (Apache Olingo's Java client) against a service root with Basic auth. */
export async function readFeedWithOlingo(
  jar: string,
  serviceRoot: string,
  username: string,
  feedToken: string,
): Promise<Record<string, OlingoSetRead>> {
  const r = await runCommand('java', ['-jar', jar, serviceRoot, username, feedToken], { timeoutMs: 180_000 });
  if (r.code !== 0) {
    throw new Error(
      `olingo-client exit ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${tail(r.stderr || r.stdout, 15)}`,
    );
  }
  return (JSON.parse(r.stdout) as { entitySets: Record<string, OlingoSetRead> }).entitySets;
}
