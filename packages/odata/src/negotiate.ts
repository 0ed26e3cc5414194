import { ODataError, ODataNotImplementedError } from './errors';
import type { MetadataLevel } from './json-writer';

/**
 * Metadata level from `$format` (wins) or the Accept header: `odata.metadata=minimal|full|none`.
 * Non-JSON formats answer 501 (406 is the API's call for Accept mismatches).
 */
export function metadataLevel(format: string | undefined, accept: string | undefined): MetadataLevel {
  const source = format ?? accept ?? '';
  if (format !== undefined && !/^(json|application\/json)(;.*)?$/i.test(format))
    throw new ODataNotImplementedError(`Format '${format}' is not supported`, '$format');
  const m = /odata\.metadata=(minimal|full|none)/i.exec(source);
  return m ? (m[1]?.toLowerCase() as MetadataLevel) : 'minimal';
}

/** Whether the client asked for Int64/Decimal as strings (`IEEE754Compatible=true`). */
export function ieee754Compatible(format: string | undefined, accept: string | undefined): boolean {
  return /ieee754compatible=true/i.test(format ?? accept ?? '');
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
