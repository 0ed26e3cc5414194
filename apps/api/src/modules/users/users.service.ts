import type { PublicUser, UpdateUserRequest } from '@aec/contracts';
import { NotFoundError } from '../../errors/app-error';
import type { Store, UserRecord } from '../../store/types';
import { toPublicUser } from './public-user';
import { withConflictMessages } from './duplicate-to-conflict';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ store }: { store: Store }) {
  return {
    me: (user: UserRecord): PublicUser => toPublicUser(user),

    async update(user: UserRecord, changes: UpdateUserRequest): Promise<PublicUser> {
      const updated = await withConflictMessages(() => store.users.update(user.id, changes));
      if (!updated) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
      return toPublicUser(updated);
    },

    async remove(user: UserRecord): Promise<void> {
      if (!(await store.users.delete(user.id))) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    },
  };
}
