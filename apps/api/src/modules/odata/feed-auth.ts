import type { RequestHandler } from 'express';
import { AppError } from '../../errors/app-error';
import type { Store } from '../../store/types';
import { bearerToken } from '../auth/require-auth';
import type { TokenService } from '../auth/token-service';
import type { FeedTokensService } from '../feed-tokens/feed-tokens.service';

export const FEED_REALM = 'AEC Con-Tech Data Tools OData feed';

/** 401 with a Basic challenge, so Tableau, Power BI and Excel ask the user for a username and feed token. */
export class FeedAuthRequiredError extends AppError {
  constructor(
    message = 'Authentication required: use your username and a feed token (HTTP Basic), or a bearer token',
  ) {
    super(401, 'Unauthorized', message, {
      'WWW-Authenticate': `Basic realm="${FEED_REALM}", charset="UTF-8"`,
    });
  }
}

function basicCredentials(header: string | undefined): { username: string; secret: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Identifies a feed caller by bearer JWT (the web app) or HTTP Basic username + feed token (BI tools). No
 * credentials: anonymous (public projects only). Credentials that do not check out: 401 with the challenge.
 */
export function identifyFeedCaller(deps: {
  store: Store;
  tokens: TokenService;
  feedTokens: FeedTokensService;
}): RequestHandler {
  return async (req, _res, next) => {
    const authorization = req.get('authorization');
    if (!authorization) return next();
    const bearer = bearerToken(req);
    if (bearer) {
      const claims = deps.tokens.verify(bearer);
      const user = claims ? await deps.store.users.findById(claims.sub) : null;
      if (!user || !claims || user.tokenVersion !== claims.tv)
        throw new FeedAuthRequiredError('Invalid or expired token');
      req.user = user;
      return next();
    }
    const basic = basicCredentials(authorization);
    const user = basic ? await deps.feedTokens.authenticate(basic.username, basic.secret) : null;
    if (!user) throw new FeedAuthRequiredError('Invalid username or feed token');
    req.user = user;
    next();
  };
}
