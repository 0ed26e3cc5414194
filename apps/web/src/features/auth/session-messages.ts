/** Spec §8: what a user whose session the server refused reads on the login page. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** Whether the auth state's error says the server refused the session (a 401 for the held token). */
export const isSessionExpired = (error: string | null): boolean => error === SESSION_EXPIRED_MESSAGE;

/** What a tab says once another tab signed in as someone else and this one has followed (dashboard, role=status). */
export const signedInElsewhereMessage = (username: string): string =>
  `You are now signed in as ${username} in another tab. This tab now shows that account.`;
