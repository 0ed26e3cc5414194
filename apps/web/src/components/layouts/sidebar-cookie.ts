export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** Spec §9: the sidebar choice is kept for 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Expanded unless the cookie says 'false' (a first visit gets the full sidebar). */
export function readSidebarOpen(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return rest.join('=') !== 'false';
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
