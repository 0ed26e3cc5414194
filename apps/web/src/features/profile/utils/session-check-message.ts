import type { ApiErrorInfo } from '@/lib/api-error';

/** Spec §8, profile card check: only the status of GET /mongo/user/me is read. */
export const SESSION_MESSAGES = {
  expired: 'Your session has expired. Please log in again.',
  failed: 'Failed to fetch user data. Please try refreshing.',
  network: 'Network error. Please check your connection.',
} as const;

export function sessionCheckMessage(info: ApiErrorInfo): string {
  if (info.status === 401 || info.status === 403) return SESSION_MESSAGES.expired;
  if (info.status !== null) return SESSION_MESSAGES.failed;
  return SESSION_MESSAGES.network;
}
