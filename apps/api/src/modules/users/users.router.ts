import { Router, type RequestHandler } from 'express';
import { updateUserRequestSchema, type DeleteUserResponse, type UserResponse } from '@aec/contracts';
import { currentUser } from '../auth/require-auth';
import type { UsersService } from './users.service';

export function usersRouter(users: UsersService, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  router.get('/me', (req, res) => {
    res.json({ user: users.me(currentUser(req)) } satisfies UserResponse);
  });
  router.put('/update', async (req, res) => {
    const user = await users.update(currentUser(req), updateUserRequestSchema.parse(req.body ?? {}));
    res.json({ user } satisfies UserResponse);
  });
  router.delete('/delete', async (req, res) => {
    await users.remove(currentUser(req));
    res.json({ message: 'Account deleted' } satisfies DeleteUserResponse);
  });
  return router;
}
