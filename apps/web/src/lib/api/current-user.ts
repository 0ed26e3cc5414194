import { userResponseSchema, type UserResponse } from '@aec/contracts';
import { api } from '@/lib/api-client';

/** GET /mongo/user/me with the client's bearer header: who the stored token belongs to, if anyone. */
export async function getMe(): Promise<UserResponse> {
  const { data } = await api.get<unknown>('/mongo/user/me');
  return userResponseSchema.parse(data);
}
