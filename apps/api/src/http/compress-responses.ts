import zlib from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { type Coding, chooseCoding } from './content-coding';

/** Bodies smaller than this are sent as they are: compressing them saves less than the headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE =
  /^(application\/(json|xml|[\w.+-]+\+(json|xml))|text\/(?!event-stream)[\w.+-]+)\s*(;|$)/i;

/**
 * Fast settings: a feed is compressed while it is written, so speed matters more than the last few percent. On OData
 * JSON brotli quality 1 is both faster and smaller than gzip level 1 (≈18× against ≈12×), so a client offering both
 * gets brotli; Power Query offers only gzip. Large output chunks mean fewer trips to zlib's thread pool per page.
 */
const CHUNK_BYTES = 128 * 1024;
function createEncoder(coding: Coding): zlib.Gzip | zlib.BrotliCompress {
  return coding === 'gzip'
    ? zlib.createGzip({ level: 1, chunkSize: CHUNK_BYTES })
    : zlib.createBrotliCompress({
        chunkSize: CHUNK_BYTES,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
      });
}

/** `wholeBody` is the body when end() is the first call (its size is then known), else undefined (a stream). */
function shouldCompress(res: Response, wholeBody: unknown, encoding?: BufferEncoding): boolean {
  if (res.headersSent || res.getHeader('Content-Encoding')) return false;
  if (res.statusCode === 204 || res.statusCode === 304) return false;
  // only answers to GET: the answers that carry a secret (a login's token, a new feed token) are POST answers, and
  // an uncompressed secret cannot leak through the compressed length (BREACH)
  if (res.req.method !== 'GET') return false;
  if (!COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  if (/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  const declared = res.getHeader('Content-Length');
  if (declared !== undefined) return Number(declared) >= MIN_BYTES;
  if (typeof wholeBody === 'string') return Buffer.byteLength(wholeBody, encoding) >= MIN_BYTES;
  if (wholeBody instanceof Uint8Array) return wholeBody.byteLength >= MIN_BYTES;
  return wholeBody === undefined;
}

/**
 * Compresses JSON, XML and text responses (the REST API, OData pages and $metadata, CSV) with gzip or brotli when the
 * client's Accept-Encoding asks for it, while they are written: a million-row pull is never held in memory. Backpressure
 * is kept: write() answers for the encoder, and 'drain' listeners (the OData writers wait for it) wait for the encoder,
 * which itself stops while the socket is full. Server-Sent Events and responses that already carry a
 * Content-Encoding (the pre-compressed web build) are left alone; ETags become weak, as the bytes differ per encoding.
 */
export function compressResponses(): RequestHandler {
  return (req, res, next) => {
    res.vary('Accept-Encoding');
    const coding = chooseCoding(req.headers['accept-encoding'], ['br', 'gzip']);
    if (coding === 'identity') return next();

    const write = res.write.bind(res) as (chunk: unknown, encoding?: BufferEncoding) => boolean;
    const end = res.end.bind(res) as (
      chunk?: unknown,
      encoding?: BufferEncoding,
      cb?: () => void,
    ) => Response;
    const on = res.on.bind(res);
    let encoder: zlib.Gzip | zlib.BrotliCompress | null = null;
    let decided = false;

    const decide = (wholeBody: unknown, encoding?: BufferEncoding) => {
      if (decided) return;
      decided = true;
      if (!shouldCompress(res, wholeBody, encoding)) return;
      res.removeHeader('Content-Length');
      res.set('Content-Encoding', coding);
      const etag = res.getHeader('ETag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.set('ETag', `W/${etag}`);
      const compressor = createEncoder(coding);
      encoder = compressor;
      compressor.on('data', (bytes: Buffer) => {
        if (!write(bytes)) compressor.pause();
      });
      on('drain', () => compressor.resume());
      compressor.on('end', () => end());
      compressor.on('error', (err) => res.destroy(err));
      // a client that goes away must not leave a writer waiting for the encoder to drain
      on('close', () => compressor.destroy());
    };

    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      const enc = typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined;
      decide(undefined);
      if (!encoder) return (write as (...a: unknown[]) => boolean)(chunk, encoding, cb);
      return encoder.write(typeof chunk === 'string' ? Buffer.from(chunk, enc) : (chunk as Buffer));
    }) as Response['write'];

    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      const callback = [chunk, encoding, cb].find((a): a is () => void => typeof a === 'function');
      const data = typeof chunk === 'function' ? undefined : chunk;
      const enc = typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined;
      decide(data ?? '', enc);
      if (!encoder) return (end as (...a: unknown[]) => Response)(chunk, encoding, cb);
      if (callback) res.once('finish', callback);
      if (data !== undefined && data !== null)
        encoder.end(typeof data === 'string' ? Buffer.from(data, enc) : data);
      else encoder.end();
      return res;
    }) as Response['end'];

    // 'drain' of a compressed response is the encoder's: it fires when the encoder takes more input
    const routeDrain =
      (register: 'on' | 'once' | 'addListener' | 'removeListener' | 'off') =>
      (event: string | symbol, listener: (...args: unknown[]) => void) => {
        if (event === 'drain' && encoder) {
          (encoder as NodeJS.EventEmitter)[register](event, listener);
          return res;
        }
        return (Object.getPrototypeOf(res) as Record<string, (...a: unknown[]) => Response>)[register]!.call(
          res,
          event,
          listener,
        );
      };
    res.on = routeDrain('on') as Response['on'];
    res.once = routeDrain('once') as Response['once'];
    res.addListener = routeDrain('addListener') as Response['addListener'];
    res.removeListener = routeDrain('removeListener') as Response['removeListener'];
    res.off = routeDrain('off') as Response['off'];
    next();
  };
}
