import jwt from 'jsonwebtoken';

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** The user's token version when issued: bumping it revokes the token. */
  tv: number;
}

export interface TokenService {
  issue(claims: TokenClaims): string;
  /** The claims of a valid token, or null for a forged, malformed or expired one. */
  verify(token: string): TokenClaims | null;
}

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const expiry = /^\d+$/.test(expiresIn) ? Number(expiresIn) : (expiresIn as jwt.SignOptions['expiresIn']);
  return {
    issue: (claims) =>
      jwt.sign({ tv: claims.tv }, secret, { algorithm: 'HS256', subject: claims.sub, expiresIn: expiry }),
    verify(token) {
      try {
        // Pinning the algorithm refuses `alg: none` and algorithm-confusion tokens.
        const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
        if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number')
          return null;
        return { sub: payload.sub, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
