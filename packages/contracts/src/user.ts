import { z } from 'zod';

/** What the API ever says about a user: never a password or its hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userResponseSchema = z.object({ user: publicUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const registerResponseSchema = z.object({ message: z.string(), user: publicUserSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const deleteUserResponseSchema = z.object({ message: z.string() });
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
