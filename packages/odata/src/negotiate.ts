import { ODataError, ODataNotImplementedError, ODataSyntaxError } from './errors';
import type { MetadataLevel } from './json-writer';

/** How a JSON response is written, as the client asked in `$format`, Accept or its own Content-Type. */
export interface JsonFormat {
  metadata: MetadataLevel;
  /** Int64 and Decimal values (and counts) as strings: `IEEE754Compatible=true` (OData JSON Format §3.2). */
  ieee754Compatible: boolean;
}

interface MediaRange {
  type: string;
  params: Map<string, string>;
  q: number;
}

/** An Accept or Content-Type value (`application/json;odata.metadata=full;q=0.5, text/plain;q=0.1`) → media ranges. */
function mediaRanges(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((p) => p.trim());
      const params = new Map(
        rest
          .filter((p) => p.includes('='))
          .map((p) => {
            const eq = p.indexOf('=');
            return [
              p.slice(0, eq).trim().toLowerCase(),
              p
                .slice(eq + 1)
                .trim()
                .replace(/^"|"$/g, ''),
            ];
          }),
      );
      const q = params.has('q') ? Number(params.get('q')) : 1;
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.type !== '');
}

const JSON_RANGES = new Set(['application/json', 'application/*', '*/*']);

/**
 * The JSON format of a data response (service document, collection, entity). `$format` wins over Accept; an empty
 * `$format` answers 400, a non-JSON one 501, an Accept that allows no JSON (e.g. `application/xml` alone) 406.
 * Among the acceptable JSON ranges the one with the highest q gives the parameters: Power Query lists
 * `application/json;odata.metadata=minimal;q=1.0` first and XML alternatives at lower q.
 */
export function negotiateJson(
  format: string | undefined,
  accept: string | undefined,
  contentType?: string,
): JsonFormat {
  let chosen: MediaRange | undefined;
  if (format !== undefined) {
    if (format.trim() === '') throw new ODataSyntaxError('$format must not be empty', undefined, '$format');
    if (!/^(json|application\/json)(;.*)?$/i.test(format))
      throw new ODataNotImplementedError(`Format '${format}' is not supported`, '$format');
    chosen = mediaRanges(format.replace(/^json/i, 'application/json'))[0];
  } else if (accept !== undefined && accept.trim() !== '') {
    const ranges = mediaRanges(accept).filter((r) => r.q > 0 && JSON_RANGES.has(r.type));
    if (!ranges.length)
      throw new ODataError(406, 'NotAcceptable', 'This resource is served as JSON only (application/json)');
    chosen = ranges.reduce((best, r) => (r.q > best.q ? r : best));
  }
  const metadata = chosen?.params.get('odata.metadata')?.toLowerCase();
  const ieee = (range: MediaRange | undefined) =>
    range?.params.get('ieee754compatible')?.toLowerCase() === 'true';
  return {
    metadata: metadata === 'full' || metadata === 'none' ? metadata : 'minimal',
    ieee754Compatible: ieee(chosen) || (contentType !== undefined && ieee(mediaRanges(contentType)[0])),
  };
}

/** Metadata level from `$format` (wins) or the Accept header: `odata.metadata=minimal|full|none`. */
export function metadataLevel(format: string | undefined, accept: string | undefined): MetadataLevel {
  return negotiateJson(format, accept).metadata;
}

/** Whether the client asked for Int64/Decimal as strings (`IEEE754Compatible=true`). */
export function ieee754Compatible(format: string | undefined, accept: string | undefined): boolean {
  return negotiateJson(format, accept).ieee754Compatible;
}

/** OData JSON error body `{"error":{"code","message","target"?}}` for any thrown value. */
export function errorBody(err: unknown): {
  status: number;
  body: { error: { code: string; message: string; target?: string } };
} {
  if (err instanceof ODataError) {
    const error: { code: string; message: string; target?: string } = {
      code: err.code,
      message: err.message,
    };
    if (err.target !== undefined) error.target = err.target;
    return { status: err.status, body: { error } };
  }
  return { status: 500, body: { error: { code: 'InternalError', message: 'Internal server error' } } };
}
