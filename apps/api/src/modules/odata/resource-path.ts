import { ODataSyntaxError } from '@aec/odata';

export type ResourcePath =
  | { kind: 'service' }
  | { kind: 'metadata' }
  | { kind: 'collection'; entitySet: string }
  | { kind: 'count'; entitySet: string }
  | { kind: 'entity'; entitySet: string; key: string };

const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?(?:\/(\$count))?\/?$/s;

/** Parses the path below a service root: '', '$metadata', 'Set', 'Set/$count', "Set('key')" or 'Set(A=1,B='x')'. */
export function parseResourcePath(rawPath: string): ResourcePath {
  const path = decodeURIComponent(rawPath.replace(/^\/+/, ''));
  if (path === '') return { kind: 'service' };
  if (path === '$metadata') return { kind: 'metadata' };
  const match = SEGMENT.exec(path);
  if (!match) throw new ODataSyntaxError(`Unsupported resource path '${path}'`, 0);
  const [, entitySet, key, count] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  if (key !== undefined && count) throw new ODataSyntaxError('$count cannot follow a key', 0);
  if (key !== undefined) return { kind: 'entity', entitySet, key };
  return count ? { kind: 'count', entitySet } : { kind: 'collection', entitySet };
}

/** Turns a key predicate into a $filter expression text, so key access reuses the validated filter path. */
export function keyToFilter(key: string, keyProperties: string[]): string {
  const trimmed = key.trim();
  if (!trimmed.includes('=') || /^'.*'$/s.test(trimmed)) {
    if (keyProperties.length !== 1)
      throw new ODataSyntaxError('This entity set has a composite key: name each part', 0);
    return `${keyProperties[0]} eq ${trimmed}`;
  }
  const parts = splitKeyParts(trimmed).map((part) => {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (!keyProperties.includes(name)) throw new ODataSyntaxError(`'${name}' is not a key property`, 0);
    return `${name} eq ${part.slice(eq + 1).trim()}`;
  });
  if (parts.length !== keyProperties.length)
    throw new ODataSyntaxError('Every key property must be given', 0);
  return parts.join(' and ');
}

function splitKeyParts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}
