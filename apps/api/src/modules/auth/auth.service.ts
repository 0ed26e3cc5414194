import type { LoginRequest, LoginResponse, PublicUser, RegisterRequest } from '@aec/contracts';
import { NotFoundError, UnauthorizedError } from '../../errors/app-error';
import type { Store } from '../../store/types';
import { toPublicUser } from '../users/public-user';
import { withConflictMessages } from '../users/duplicate-to-conflict';
import type { LoginThrottling } from './login-throttle';
import type { PasswordHasher } from './password-hasher';
import type { TokenService } from './token-service';

export interface AuthServiceDeps {
  store: Store;
  hasher: PasswordHasher;
  tokens: TokenService;
  throttle: LoginThrottling;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ store, hasher, tokens, throttle }: AuthServiceDeps) {
  return {
    async register(input: RegisterRequest): Promise<PublicUser> {
      const passwordHash = await hasher.hash(input.password);
      const user = await withConflictMessages(() =>
        store.users.create({ username: input.username, email: input.email, passwordHash }),
      );
      return toPublicUser(user);
    },

    /** The distinct texts are the spec's: its client maps 'not found' and 'incorrect password' to messages. */
    async login(input: LoginRequest, clientIp: string): Promise<LoginResponse> {
      await throttle.assertAllowed(input.username, clientIp);
      const user = await store.users.findByUsername(input.username);
      if (!user) {
        await throttle.recordFailure(input.username, clientIp);
        throw new NotFoundError('User not found', 'USER_NOT_FOUND');
      }
      if (!(await hasher.verify(input.password, user.passwordHash))) {
        await throttle.recordFailure(input.username, clientIp);
        throw new UnauthorizedError('Incorrect password', 'INCORRECT_PASSWORD');
      }
      if (hasher.needsRehash(user.passwordHash)) {
        // A hash made before the password was digested first (see password-hasher.ts): replaced now that the
        // password is known; the sessions it signed stay valid.
        await store.users.update(user.id, { passwordHash: await hasher.hash(input.password) });
      }
      await throttle.recordSuccess(input.username);
      return { token: tokens.issue({ sub: user.id, tv: user.tokenVersion }), user: toPublicUser(user) };
    },
  };
}
