/**
 * Uniqueness keys: usernames and emails are unique case-insensitively, a user's feed token names in any case or
 * Unicode composition (the same letters are one name to a reader), enforced by the database on these.
 */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
export const emailKey = (email: string): string => email.trim().toLowerCase();
export const feedTokenNameKey = (name: string): string => name.normalize('NFC').toLocaleLowerCase('en');
