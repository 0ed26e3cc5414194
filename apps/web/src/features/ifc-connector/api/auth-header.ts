import { bearerHeader } from '@/lib/auth-token';

/** The bearer header the shared client carries, for the one request axios cannot make (a stream). */
export function currentAuthorization(): string | undefined {
  return bearerHeader();
}
