import type { LoginRequest, LoginResponse } from '@aec/contracts';
import { api } from '@/lib/api-client';

export async function loginWithPassword(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await api.post<LoginResponse>('/mongo/auth/login', body);
  return data;
}
