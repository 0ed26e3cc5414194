import { z } from 'zod';

/** Field rules shared by signup, login and profile edits (spec §5, §9). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** Accounts made before the username rule may have names this long; they can still log in. */
export const LEGACY_USERNAME_MAX = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * ASCII only: a BI tool sends the username in an HTTP Basic header, which cannot carry a ':' and whose
 * non-ASCII encoding differs between tools; spaces and control characters are easily mistyped there.
 */
const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]*$/;
export const USERNAME_RULE = "Username may contain only letters (A-Z, a-z), digits, '.', '_' and '-'";

export const usernameSchema = z
  .string({ error: 'Username must be a string' })
  .trim()
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters` })
  .regex(USERNAME_CHARACTERS, { error: USERNAME_RULE });

/** Why an existing account's name breaks today's rule (so the app can ask for a rename), or null. */
export function usernameRuleProblem(username: string): string | null {
  const result = usernameSchema.safeParse(username);
  return result.success ? null : (result.error.issues[0]?.message ?? USERNAME_RULE);
}

export const emailSchema = z
  .string({ error: 'Email must be a string' })
  .trim()
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password must be a string' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` })
  // The login form ignores a password that is blank after trimming, so such an account could never log in.
  .regex(/\S/, { error: 'Password must contain at least one character that is not a space' });

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Login only checks presence: accounts made under older, looser rules must still be able to log in. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username must be a string' })
    .trim()
    .min(1, { error: 'Username is required' })
    .max(LEGACY_USERNAME_MAX, { error: `Username must be at most ${LEGACY_USERNAME_MAX} characters` }),
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
