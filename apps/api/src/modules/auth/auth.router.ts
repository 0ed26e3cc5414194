import { Router } from 'express';
import { loginRequestSchema, registerRequestSchema, type RegisterResponse } from '@aec/contracts';
import type { AuthService } from './auth.service';

export function authRouter(auth: AuthService): Router {
  const router = Router();
  router.post('/register', async (req, res) => {
    const user = await auth.register(registerRequestSchema.parse(req.body ?? {}));
    res.status(201).json({ message: 'User registered successfully', user } satisfies RegisterResponse);
  });
  router.post('/login', async (req, res) => {
    res.json(await auth.login(loginRequestSchema.parse(req.body ?? {}), req.ip ?? 'unknown'));
  });
  return router;
}
