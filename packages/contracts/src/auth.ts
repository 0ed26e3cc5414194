import { z } from 'zod';

/** Field rules shared by signup, login and profile edits (spec §5, §9). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const usernameSchema = z
  .string({ error: 'Username must be a string' })
  .trim()
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters` });

export const emailSchema = z
  .string({ error: 'Email must be a string' })
  .trim()
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password must be a string' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Login only checks presence: the account rules may have changed since the user signed up. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username must be a string' })
    .trim()
    .min(1, { error: 'Username is required' })
    .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters` }),
  password: z
    .string({ error: 'Password must be a string' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const updateUserRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;
