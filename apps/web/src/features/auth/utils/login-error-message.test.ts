import type { ApiErrorInfo } from '@/lib/api-error';
import { LOGIN_MESSAGES, loginErrorMessage, suggestsSignup } from './login-error-message';

function answered(status: number, serverText: string | null): ApiErrorInfo {
  return { status, serverText, message: `Request failed with status code ${status}`, network: false };
}
const noResponse: ApiErrorInfo = { status: null, serverText: null, message: 'Network Error', network: true };

describe('loginErrorMessage', () => {
  it.each([
    [answered(404, 'User not found'), LOGIN_MESSAGES.notFound],
    [answered(401, 'Incorrect password'), LOGIN_MESSAGES.incorrectPassword],
    [answered(400, 'Invalid credentials'), LOGIN_MESSAGES.incorrectPassword],
    [answered(401, null), LOGIN_MESSAGES.invalidCredentials],
    [answered(401, 'Token rejected'), LOGIN_MESSAGES.invalidCredentials],
    [answered(429, 'Slow down'), LOGIN_MESSAGES.tooManyAttempts],
    [answered(500, null), LOGIN_MESSAGES.serverError],
    [noResponse, LOGIN_MESSAGES.network],
    [{ ...noResponse, message: 'timeout of 100 ms exceeded' }, LOGIN_MESSAGES.network],
    [answered(400, 'Username is required'), 'Username is required'],
    [answered(503, null), LOGIN_MESSAGES.fallback],
  ])('%j → %s', (info, expected) => {
    expect(loginErrorMessage(info)).toBe(expected);
  });

  it('says how long a locked login must wait when the server sent Retry-After', () => {
    expect(loginErrorMessage({ ...answered(429, 'Slow down'), retryAfterSeconds: 900 })).toBe(
      'Too many login attempts. Please wait 15 minutes and try again.',
    );
    expect(loginErrorMessage({ ...answered(429, 'Slow down'), retryAfterSeconds: 42 })).toBe(
      'Too many login attempts. Please wait 42 seconds and try again.',
    );
  });

  it('matches the server text case-insensitively and before the status rows', () => {
    expect(loginErrorMessage(answered(500, 'Account NOT FOUND'))).toBe(LOGIN_MESSAGES.notFound);
    expect(loginErrorMessage(answered(429, 'INVALID token'))).toBe(LOGIN_MESSAGES.incorrectPassword);
  });
});

describe('suggestsSignup', () => {
  it('is true only for a not-found message', () => {
    expect(suggestsSignup(LOGIN_MESSAGES.notFound)).toBe(true);
    expect(suggestsSignup(LOGIN_MESSAGES.incorrectPassword)).toBe(false);
    expect(suggestsSignup(null)).toBe(false);
  });
});
