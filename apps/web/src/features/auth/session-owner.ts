/**
 * Whose session a stored token is: the user id in its `sub` claim, read without checking the signature (only the
 * server can; this only tells a tab whether the token another tab stored is still the user it shows). Null for
 * anything that is not a JWT with a string subject.
 */
export function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload || payload.length > 4096) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    // The claims are UTF-8 JSON; atob gives one character per byte.
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * What changed when another tab stored a token (a `storage` event, or a tab that comes back and reads it):
 * `none` (the token this tab holds), `signed-out` (removed), `same-user` (a new login of the user this tab shows:
 * only the token changes) or `other-user` (someone else, or a session whose owner cannot be told: reload it).
 */
export type StoredSessionChange = 'none' | 'signed-out' | 'same-user' | 'other-user';

export function storedSessionChange(
  stored: string | null,
  held: string | null,
  shownUserId: string | null,
): StoredSessionChange {
  if (stored === held) return 'none';
  if (stored === null) return 'signed-out';
  return shownUserId !== null && tokenSubject(stored) === shownUserId ? 'same-user' : 'other-user';
}
