import { api } from '@/lib/api-client';

/** The bearer header the shared client carries, for the one request axios cannot make (a stream). */
export function currentAuthorization(): string | undefined {
  const value = api.defaults.headers.common.Authorization;
  return typeof value === 'string' ? value : undefined;
}
