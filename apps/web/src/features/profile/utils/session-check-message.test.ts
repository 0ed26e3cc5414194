import type { ApiErrorInfo } from '@/lib/api-error';
import { SESSION_MESSAGES, sessionCheckMessage } from './session-check-message';

const answered = (status: number, serverText: string | null = null): ApiErrorInfo => ({
  status,
  serverText,
  message: `Request failed with status code ${status}`,
  network: false,
});

describe('sessionCheckMessage', () => {
  it.each([401, 403])('treats %i as an expired session whatever the server says', (status) => {
    expect(sessionCheckMessage(answered(status, 'jwt malformed'))).toBe(SESSION_MESSAGES.expired);
  });

  it.each([400, 404, 500, 503])('asks for a refresh on any other failed status (%i)', (status) => {
    expect(sessionCheckMessage(answered(status))).toBe(SESSION_MESSAGES.failed);
  });

  it('reports a missing response as a network error', () => {
    const info: ApiErrorInfo = { status: null, serverText: null, message: 'Network Error', network: true };
    expect(sessionCheckMessage(info)).toBe(SESSION_MESSAGES.network);
  });
});
