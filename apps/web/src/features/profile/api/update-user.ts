import type { UpdateUserRequest, UserResponse } from '@aec/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function updateUser(body: UpdateUserRequest): Promise<UserResponse> {
  const { data } = await api.put<UserResponse>('/mongo/user/update', body, { withCredentials: true });
  return data;
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
