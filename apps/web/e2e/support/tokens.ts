import { createHmac } from 'node:crypto';
import { E2E_JWT_SECRET } from './server';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The same session token with its expiry moved into the past, signed as the test server signs. */
export function expiredCopy(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as object;
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...payload, iat: now - 7200, exp: now - 3600 })}`;
  return `${unsigned}.${createHmac('sha256', E2E_JWT_SECRET).update(unsigned).digest('base64url')}`;
}
