import { hasControlCharacters, withControlCharactersReplaced } from './plain-text';

describe('control characters in names', () => {
  it.each([['a\u0000b'], ['tab\there'], ['line\nbreak'], ['del\u007f']])('finds one in %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each([['Tragwerk – Bauteil Ü 🏗'], ['a b'], ['\u00a0no-break space'], ['']])(
    'finds none in %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(false);
    },
  );

  it('replaces each, every time (the pattern keeps no state between calls)', () => {
    expect(withControlCharactersReplaced('a\u0000b\tc.ifc')).toBe('a\uFFFDb\uFFFDc.ifc');
    expect(withControlCharactersReplaced('a\u0000b\tc.ifc')).toBe('a\uFFFDb\uFFFDc.ifc');
    expect(hasControlCharacters('x\u0001')).toBe(true);
    expect(hasControlCharacters('x\u0001')).toBe(true);
  });
});
