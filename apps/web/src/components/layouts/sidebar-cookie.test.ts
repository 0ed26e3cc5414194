import { readSidebarOpen, sidebarCookie } from './sidebar-cookie';

describe('sidebar cookie', () => {
  it('defaults to expanded without a cookie', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('theme=dark; other=1')).toBe(true);
  });

  it('reads the stored state among other cookies', () => {
    expect(readSidebarOpen('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
  });

  it('writes a 7-day cookie for the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });
});
