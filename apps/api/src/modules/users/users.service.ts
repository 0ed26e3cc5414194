import type { PublicUser, UpdateUserRequest } from '@aec/contracts';
import { NotFoundError } from '../../errors/app-error';
import type { Store, UserRecord } from '../../store/types';
import { toPublicUser } from './public-user';
import { withConflictMessages } from './duplicate-to-conflict';

export type UsersService = ReturnType<typeof createUsersService>;

export interface UsersServiceDeps {
  store: Store;
  /** Removes every project the user owns with its jobs and files (the IFC module's deleteProjectsOf). */
  removeOwnedProjects: (user: UserRecord) => Promise<void>;
}

export function createUsersService({ store, removeOwnedProjects }: UsersServiceDeps) {
  return {
    me: (user: UserRecord): PublicUser => toPublicUser(user),

    async update(user: UserRecord, changes: UpdateUserRequest): Promise<PublicUser> {
      const updated = await withConflictMessages(() => store.users.update(user.id, changes));
      if (!updated) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
      return toPublicUser(updated);
    },

    async remove(user: UserRecord): Promise<void> {
      // The projects first, as deleting one does: the store's cascade from the user removes records only, and would
      // leave the user's model files on disk and their running jobs going.
      await removeOwnedProjects(user);
      if (!(await store.users.delete(user.id))) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    },
  };
}
