/** Uniqueness keys: usernames and emails are unique case-insensitively, enforced by the database on these. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
export const emailKey = (email: string): string => email.trim().toLowerCase();
