import { describeRetryWait } from '@aec/contracts';
import type { ApiErrorInfo } from '@/lib/api-error';

/** Spec §8, login failures, in the spec's order: the first matching row wins. */
export const LOGIN_MESSAGES = {
  notFound: 'Username not found. Please check your username or sign up for a new account.',
  incorrectPassword: 'Incorrect password. Please check your password and try again.',
  invalidCredentials: 'Invalid username or password. Please check your credentials and try again.',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  serverError: 'Server error. Please try again in a few moments.',
  network: 'Network error. Please check your internet connection and try again.',
  fallback: 'Login failed. Please try again.',
} as const;

export function loginErrorMessage(info: ApiErrorInfo): string {
  const text = (info.serverText ?? '').toLowerCase();
  if (text.includes('not found')) return LOGIN_MESSAGES.notFound;
  if (text.includes('invalid') || text.includes('incorrect password'))
    return LOGIN_MESSAGES.incorrectPassword;
  if (info.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  // The spec's 'a few minutes', made exact when the server says how long the lock lasts.
  if (info.status === 429)
    return info.retryAfterSeconds === undefined
      ? LOGIN_MESSAGES.tooManyAttempts
      : `Too many login attempts. Please wait ${describeRetryWait(info.retryAfterSeconds)} and try again.`;
  if (info.status === 500) return LOGIN_MESSAGES.serverError;
  if (info.network) return LOGIN_MESSAGES.network;
  return info.serverText ?? LOGIN_MESSAGES.fallback;
}

/** Spec §2 Login: the "Don't have an account yet?" box appears when the error text says 'not found'. */
export function suggestsSignup(message: string | null): boolean {
  return message !== null && message.toLowerCase().includes('not found');
}
