/** Content codings the server can send. */
export type Coding = 'br' | 'gzip';

/**
 * The coding to send, from the request's Accept-Encoding and the codings available in the server's order of
 * preference: the client's highest q-value wins and a tie goes to the server's order (browsers list gzip before br,
 * yet br is smaller). No header, nothing acceptable or q=0 for all of them means 'identity'.
 */
export function chooseCoding(
  acceptEncoding: string | undefined,
  available: readonly Coding[],
): Coding | 'identity' {
  if (!acceptEncoding || available.length === 0) return 'identity';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = weight === undefined ? 1 : Number(weight);
    if (name && Number.isFinite(value)) q.set(name.trim(), value);
  }
  let best: Coding | 'identity' = 'identity';
  let bestQ = 0;
  for (const coding of available) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
