import { nextTheme, parseTheme, resolveTheme, THEMES } from './theme';

describe('parseTheme', () => {
  it.each(THEMES)('keeps the stored choice %s', (theme) => {
    expect(parseTheme(theme)).toBe(theme);
  });

  it.each([null, undefined, '', 'Dark', 'blue'])('defaults %p to system', (value) => {
    expect(parseTheme(value)).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('uses an explicit choice whatever the OS says', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the OS preference for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('nextTheme', () => {
  it('cycles through every choice and back', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });
});
