import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    [
      'Chromium',
      new TypeError('Failed to fetch dynamically imported module: https://x/assets/settings-CJF4Q1Ya.js'),
    ],
    [
      'Firefox',
      new TypeError('error loading dynamically imported module: https://x/assets/settings-CJF4Q1Ya.js'),
    ],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/settings-1.css')],
  ])("recognises %s's words for a chunk that did not download", (_, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
    ['a plain object', { message: 'Failed to fetch dynamically imported module' }],
  ])('does not take %s for one', (_, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
