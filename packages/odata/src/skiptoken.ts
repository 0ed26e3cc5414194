import { createHmac, timingSafeEqual } from 'node:crypto';
import { ODataGoneError, ODataSkipTokenError } from './errors';

export type SkipTokenValue = string | number | boolean | null | bigint | Date;

export interface SkipTokenPayload {
  /** Version of the data the page came from; a change means the client must restart (410). */
  v: string | number;
  /** Sort values of the last row of the previous page. */
  k: SkipTokenValue[];
  /**
   * The entity set the link pages: sort values and versions mean nothing on another set (a token of IFCChanges read
   * on IFCElements matched no row and answered an empty page), so a token is refused there (decode's `entitySet`).
   */
  s?: string;
  /**
   * Opaque base64url data the link carries for its service (e.g. the data versions its first page read). Kept
   * out of the JSON body so that binary data is base64-encoded once, not twice; covered by the MAC like the rest.
   */
  p?: string;
}

/** Longest `p` accepted: with the body, a link stays within the 16 KB request head Node accepts. */
export const MAX_SKIP_TOKEN_PIN_CHARS = 10_000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

type Wire = string | number | boolean | null | { d: string } | { n: string };

function toWire(x: SkipTokenValue): Wire {
  if (x instanceof Date) return { d: x.toISOString() };
  if (typeof x === 'bigint') return { n: x.toString() };
  if (typeof x === 'number' && !Number.isFinite(x))
    throw new ODataSkipTokenError('Cannot page on a non-finite number');
  return x;
}

function fromWire(x: unknown): SkipTokenValue {
  if (
    x === null ||
    typeof x === 'string' ||
    typeof x === 'boolean' ||
    (typeof x === 'number' && Number.isFinite(x))
  )
    return x;
  if (x && typeof x === 'object' && !Array.isArray(x)) {
    const o = x as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && typeof o.d === 'string') {
      const d = new Date(o.d);
      if (!Number.isNaN(d.getTime())) return d;
    }
    if (keys.length === 1 && typeof o.n === 'string' && /^-?\d{1,19}$/.test(o.n)) return BigInt(o.n);
  }
  throw new ODataSkipTokenError('Malformed skip token');
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22);
}

/** Opaque base64url token; with a secret it carries a MAC so altered tokens are refused. */
export function encodeSkipToken(payload: SkipTokenPayload, secret?: string): string {
  const json = Buffer.from(
    JSON.stringify({
      v: payload.v,
      k: payload.k.map(toWire),
      ...(payload.s !== undefined ? { s: payload.s } : {}),
    }),
  ).toString('base64url');
  if (payload.p !== undefined && (!BASE64URL.test(payload.p) || payload.p.length > MAX_SKIP_TOKEN_PIN_CHARS))
    throw new Error('A skip token pin must be base64url text of at most 10,000 characters');
  const body = payload.p === undefined ? json : `${json}.${payload.p}`;
  return secret ? `${body}.${sign(body, secret)}` : body;
}

export interface DecodeSkipTokenOptions {
  /**
   * Current data version; a token from another version throws ODataGoneError (410). A function gets the
   * token's own version (after its MAC is checked) and answers the current one: the data a link pages may
   * depend on what its first page saw.
   */
  version: string | number | ((tokenVersion: string | number) => string | number);
  /** Number of sort keys the current query uses. */
  keyCount?: number;
  /**
   * The entity set the request reads: a token naming another set (`s`) is refused. A token naming none was issued
   * before tokens named their set (a pull that spans an upgrade): it is read as before.
   */
  entitySet?: string;
  secret?: string;
}

/** Decodes and checks a `$skiptoken`; anything we did not produce throws ODataSkipTokenError (400). */
export function decodeSkipToken(token: string, opts: DecodeSkipTokenOptions): SkipTokenPayload {
  let body = token;
  if (opts.secret) {
    const dot = token.lastIndexOf('.');
    const mac = dot < 0 ? '' : token.slice(dot + 1);
    body = dot < 0 ? token : token.slice(0, dot);
    const expected = sign(body, opts.secret);
    if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
      throw new ODataSkipTokenError('Skip token signature mismatch');
  }
  const [json = '', pin, ...extra] = body.split('.');
  if (
    !/^[A-Za-z0-9_-]{1,4096}$/.test(json) ||
    extra.length > 0 ||
    (pin !== undefined && !(BASE64URL.test(pin) && pin.length <= MAX_SKIP_TOKEN_PIN_CHARS))
  )
    throw new ODataSkipTokenError('Malformed skip token');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(json, 'base64url').toString('utf8'));
  } catch {
    throw new ODataSkipTokenError('Malformed skip token');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ODataSkipTokenError('Malformed skip token');
  const o = parsed as Record<string, unknown>;
  const keys = Object.keys(o).sort().join();
  if (
    (keys !== 'k,v' && keys !== 'k,s,v') ||
    !(typeof o.v === 'string' || typeof o.v === 'number') ||
    !Array.isArray(o.k) ||
    (o.s !== undefined && typeof o.s !== 'string')
  ) {
    throw new ODataSkipTokenError('Malformed skip token');
  }
  if (opts.entitySet !== undefined && o.s !== undefined && o.s !== opts.entitySet)
    throw new ODataSkipTokenError(
      `This skip token pages ${o.s}, not ${opts.entitySet}: a ` +
        `$skiptoken continues only the entity set whose @odata.nextLink carried it; request the first page of ` +
        `${opts.entitySet} again`,
    );
  const k = o.k.map(fromWire);
  if (opts.keyCount !== undefined && k.length !== opts.keyCount)
    throw new ODataSkipTokenError('Skip token does not match the requested order');
  const expected = typeof opts.version === 'function' ? opts.version(o.v) : opts.version;
  if (o.v !== expected)
    throw new ODataGoneError('The data changed since this page was served; request the first page again');
  return {
    v: o.v,
    k,
    ...(typeof o.s === 'string' ? { s: o.s } : {}),
    ...(pin !== undefined ? { p: pin } : {}),
  };
}
