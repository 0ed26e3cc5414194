import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTheme, parseTheme, THEME_STORAGE_KEY } from './theme';

/** public/theme-init.js runs before React; it must pick the same class as the provider will. */
const script = readFileSync(join(__dirname, '../../../public/theme-init.js'), 'utf8');

function runInitScript(stored: string | null, systemDark: boolean, storageThrows = false) {
  const classes = new Set<string>(['light', 'stale']);
  const documentElement = {
    classList: {
      add: (...names: string[]) => names.forEach((n) => classes.add(n)),
      remove: (...names: string[]) => names.forEach((n) => classes.delete(n)),
    },
    style: { colorScheme: '' },
  };
  const keysRead: string[] = [];
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        keysRead.push(key);
        return stored;
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  };
  new Function('window', 'document', script)(window, { documentElement });
  return { classes, colorScheme: documentElement.style.colorScheme, keysRead };
}

describe('theme-init.js', () => {
  const cases = ['light', 'dark', 'system', null, 'bogus'].flatMap((stored) =>
    [true, false].map((systemDark) => [stored, systemDark] as const),
  );

  it.each(cases)('stored %p with OS dark=%p matches resolveTheme', (stored, systemDark) => {
    const expected = resolveTheme(parseTheme(stored), systemDark);
    const result = runInitScript(stored, systemDark);
    expect(result.keysRead).toEqual([THEME_STORAGE_KEY]);
    expect(result.classes.has(expected)).toBe(true);
    expect(result.classes.has(expected === 'dark' ? 'light' : 'dark')).toBe(false);
    expect(result.colorScheme).toBe(expected);
  });

  it('falls back to the OS preference when storage is unavailable', () => {
    expect(runInitScript(null, true, true).classes.has('dark')).toBe(true);
  });
});
