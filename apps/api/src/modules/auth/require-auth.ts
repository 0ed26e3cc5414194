import type { Request, RequestHandler } from 'express';
import { UnauthorizedError } from '../../errors/app-error';
import type { Store, UserRecord } from '../../store/types';
import type { TokenService } from './token-service';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRecord;
    }
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Admits a request whose bearer token is valid AND whose user still exists at the token's version: deleting an
 * account (or bumping its version) makes every token issued to it stop working at once.
 */
export function requireAuth(deps: { store: Store; tokens: TokenService }): RequestHandler {
  return authenticate(deps, true);
}

/** Anonymous callers pass (public resources); a token, when sent, must still be valid. */
export function optionalAuth(deps: { store: Store; tokens: TokenService }): RequestHandler {
  return authenticate(deps, false);
}

function authenticate(
  { store, tokens }: { store: Store; tokens: TokenService },
  required: boolean,
): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token && !required) return next();
    if (!token) throw new UnauthorizedError('No token provided', 'NO_TOKEN');
    const claims = tokens.verify(token);
    if (!claims) throw new UnauthorizedError('Invalid or expired token', 'INVALID_TOKEN');
    const user = await store.users.findById(claims.sub);
    if (!user || user.tokenVersion !== claims.tv) {
      throw new UnauthorizedError('Token is no longer valid', 'REVOKED_TOKEN');
    }
    req.user = user;
    next();
  };
}

export function currentUser(req: Request): UserRecord {
  if (!req.user) throw new UnauthorizedError();
  return req.user;
}
