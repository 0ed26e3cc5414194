import type { UserResponse } from '@aec/contracts';
import { api } from '@/lib/api-client';

/** Uses the client's bearer header, which the auth state keeps in step with the stored token. */
export async function getMe(): Promise<UserResponse> {
  const { data } = await api.get<UserResponse>('/mongo/user/me');
  return data;
}
