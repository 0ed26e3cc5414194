import type { QueryOptions } from './ast';
import { ODataError, ODataSyntaxError } from './errors';
import { parseExpression } from './parse-expression';
import { parseOrderBy } from './parse-orderby';
import { parseSearch } from './parse-search';
import { parseExpand, parseSelect } from './parse-select-expand';
import { ENCODED_SEMICOLON, decodeComponent, restoreSemicolons, splitTopLevel } from './percent-decode';

/** System query options by name without `$` (4.01 makes the `$` optional and names case-insensitive). */
const SYSTEM = new Set([
  'filter',
  'select',
  'orderby',
  'top',
  'skip',
  'count',
  'expand',
  'levels',
  'search',
  'skiptoken',
  'deltatoken',
  'format',
  'index',
  'schemaversion',
  'compute',
  'apply',
  'id',
]);
const UNSUPPORTED = new Set(['compute', 'apply', 'id']);
const TOP_LEVEL = new Set([...SYSTEM].filter((n) => n !== 'levels'));

/** Re-labels errors with the option they occurred in, offsetting positions is left to the message. */
function withTarget<T>(target: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ODataError && e.target === undefined) {
      throw new (e.constructor as new (m: string, p?: number, t?: string) => ODataError)(
        e.message.replace(/ \(at position \d+\)$/, ''),
        e.position,
        target,
      );
    }
    throw e;
  }
}

function nonNegativeInt(value: string, name: string): number {
  if (!/^\d+$/.test(value))
    throw new ODataSyntaxError(`$${name} must be a non-negative integer`, 0, `$${name}`);
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new ODataSyntaxError(`$${name} is too large: at most ${Number.MAX_SAFE_INTEGER}`, 0, `$${name}`);
  return n;
}

/** Applies one system option (name lower-case without `$`, value decoded except for parked `;`). */
function applySystemOption(opts: QueryOptions, name: string, value: string): void {
  const target = `$${name}`;
  const plain = restoreSemicolons(value);
  withTarget(target, () => {
    switch (name) {
      case 'filter':
        opts.filter = parseExpression(plain);
        break;
      case 'orderby':
        opts.orderby = parseOrderBy(plain);
        break;
      case 'select':
        opts.select = parseSelect(value, 0, parseNestedOptions);
        break;
      case 'expand':
        opts.expand = parseExpand(value, 0, parseNestedOptions);
        break;
      case 'top':
        opts.top = nonNegativeInt(value, name);
        break;
      case 'skip':
        opts.skip = nonNegativeInt(value, name);
        break;
      case 'count':
        if (!/^(true|false)$/i.test(value)) throw new ODataSyntaxError('$count must be true or false', 0);
        opts.count = value.toLowerCase() === 'true';
        break;
      case 'levels':
        if (value === 'max') opts.levels = 'max';
        else if (/^[1-9]\d*$/.test(value)) opts.levels = Number(value);
        else throw new ODataSyntaxError('$levels must be a positive integer or max', 0);
        break;
      case 'search':
        opts.search = parseSearch(value);
        break;
      case 'skiptoken':
      case 'deltatoken':
        if (plain === '') throw new ODataSyntaxError(`${target} must not be empty`, 0);
        opts[name] = plain;
        break;
      case 'format':
        if (plain === '') throw new ODataSyntaxError('$format must not be empty', 0);
        opts.format = plain;
        break;
      case 'index':
        if (!/^-?\d+$/.test(value)) throw new ODataSyntaxError('$index must be an integer', 0);
        opts.index = Number(value);
        break;
      case 'schemaversion':
        if (!/^(\*|[A-Za-z0-9\-._~]+)$/.test(value)) throw new ODataSyntaxError('Invalid $schemaversion', 0);
        opts.schemaversion = value;
        break;
      default:
        if (UNSUPPORTED.has(name)) (opts.unsupported ??= {})[target] = plain;
        else throw new ODataSyntaxError(`Unknown system query option '${target}'`, 0);
    }
  });
}

function setAlias(opts: QueryOptions, name: string, value: string | undefined): void {
  if (value === undefined) throw new ODataSyntaxError(`Parameter alias '${name}' needs a value`, 0, name);
  const aliases = (opts.aliases ??= {});
  if (Object.prototype.hasOwnProperty.call(aliases, name.slice(1)))
    throw new ODataSyntaxError(`Parameter alias '${name}' given twice`, 0, name);
  aliases[name.slice(1)] = withTarget(name, () => parseExpression(restoreSemicolons(value)));
}

function systemName(name: string): string | undefined {
  const lower = name.toLowerCase();
  const bare = lower.startsWith('$') ? lower.slice(1) : lower;
  if (SYSTEM.has(bare)) return bare;
  if (lower.startsWith('$')) throw new ODataSyntaxError(`Unknown system query option '${name}'`, 0, name);
  return undefined;
}

function markSeen(seen: Set<string>, name: string): void {
  if (seen.has(name))
    throw new ODataSyntaxError(`System query option '$${name}' given more than once`, 0, `$${name}`);
  seen.add(name);
}

/**
 * `%3B` also separates nested options (clients often encode the whole value), but inside a
 * nested `$search` word it is data. It counts as a separator only when an option follows it.
 */
function splitEncodedSemicolons(part: { text: string; pos: number }): { text: string; pos: number }[] {
  const pieces = splitTopLevel(part.text, ENCODED_SEMICOLON, part.pos);
  const out: { text: string; pos: number }[] = [];
  for (const piece of pieces) {
    const prev = out[out.length - 1];
    if (prev && !/^(\$?[A-Za-z]+|@[\p{L}_][\p{L}\p{N}_]*)=/u.test(piece.text))
      prev.text += ENCODED_SEMICOLON + piece.text;
    else out.push({ ...piece });
  }
  return out;
}

/** Options inside `$expand=Nav(...)` / `$select=Prop(...)`, separated by `;`. */
export function parseNestedOptions(text: string, allowed: ReadonlySet<string>, pos: number): QueryOptions {
  const opts: QueryOptions = {};
  const seen = new Set<string>();
  for (const part of splitTopLevel(text, ';', pos).flatMap(splitEncodedSemicolons)) {
    const eq = part.text.indexOf('=');
    if (eq < 1) throw new ODataSyntaxError('Expected name=value in nested options', part.pos);
    const name = part.text.slice(0, eq);
    const value = part.text.slice(eq + 1);
    if (name.startsWith('@')) {
      if (!allowed.has('@')) throw new ODataSyntaxError('Parameter alias not allowed here', part.pos);
      setAlias(opts, name, value);
      (opts.texts ??= {})[name] = restoreSemicolons(value);
      continue;
    }
    const sys = systemName(name);
    if (!sys || !allowed.has(sys))
      throw new ODataSyntaxError(`Option '${name}' is not allowed here`, part.pos);
    markSeen(seen, sys);
    applySystemOption(opts, sys, value);
    (opts.texts ??= {})[sys] = restoreSemicolons(value);
  }
  return opts;
}

/**
 * Parses a raw (still percent-encoded) URL query string such as `$filter=Name%20eq%20'x'&$top=5`.
 * Splitting on `&`/`=` happens before decoding, so `%26` and `%3D` stay data.
 */
export function parseQueryOptions(rawQuery: string): QueryOptions {
  const query = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  const hash = query.indexOf('#');
  if (hash >= 0) throw new ODataSyntaxError("Unencoded '#' in query string", hash);
  const opts: QueryOptions = {};
  const seen = new Set<string>();
  for (const rawPart of query.split('&')) {
    if (rawPart === '') continue;
    const eq = rawPart.indexOf('=');
    const name = restoreSemicolons(decodeComponent(eq < 0 ? rawPart : rawPart.slice(0, eq)));
    const value = eq < 0 ? undefined : decodeComponent(rawPart.slice(eq + 1), name);
    if (name.startsWith('@')) {
      setAlias(opts, name, value);
      continue;
    }
    const sys = systemName(name);
    if (sys) {
      if (!TOP_LEVEL.has(sys))
        throw new ODataSyntaxError(`$${sys} is only allowed inside $expand`, 0, `$${sys}`);
      if (value === undefined) throw new ODataSyntaxError(`$${sys} needs a value`, 0, `$${sys}`);
      markSeen(seen, sys);
      applySystemOption(opts, sys, value);
      continue;
    }
    if (name === '') throw new ODataSyntaxError('Empty query option name', 0);
    (opts.custom ??= {})[name] = value === undefined ? '' : restoreSemicolons(value);
  }
  return opts;
}
