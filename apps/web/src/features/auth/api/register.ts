import type { RegisterRequest, RegisterResponse } from '@aec/contracts';
import { api } from '@/lib/api-client';

export async function registerUser(body: RegisterRequest): Promise<RegisterResponse> {
  const { data } = await api.post<RegisterResponse>('/mongo/auth/register', body);
  return data;
}
