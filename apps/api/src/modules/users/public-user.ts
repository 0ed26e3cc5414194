import type { PublicUser } from '@aec/contracts';
import type { UserRecord } from '../../store/types';

/** The only shape in which a user leaves the API: never the hash or the token version. */
export const toPublicUser = (user: UserRecord): PublicUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  createdAt: user.createdAt,
});
