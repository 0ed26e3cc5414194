import type { DeleteUserResponse } from '@aec/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function deleteUser(): Promise<DeleteUserResponse> {
  const { data } = await api.delete<DeleteUserResponse>('/mongo/user/delete', { withCredentials: true });
  return data;
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}
