import { hasControlCharacters, showsSomething, withControlCharactersReplaced } from './plain-text';

describe('control characters in names', () => {
  it.each([
    ['a\u0000b'],
    ['tab\there'],
    ['line\nbreak'],
    ['del\u007f'],
    ['c1\u0085next line'],
    ['report\u202efdp.ifc'],
    ['embedding \u202a and pop \u202c'],
    ['isolate \u2067'],
  ])('finds one in %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each([
    ['Tragwerk – Bauteil Ü 🏗'],
    ['a b'],
    ['\u00a0no-break space'],
    [''],
    ['מבנה \u200fראשי'],
    ['مبنى A'],
  ])('finds none in %j', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });

  it('replaces each, every time (the pattern keeps no state between calls)', () => {
    expect(withControlCharactersReplaced('a\u0000b\tc.ifc')).toBe('a\uFFFDb\uFFFDc.ifc');
    expect(withControlCharactersReplaced('a\u0000b\tc.ifc')).toBe('a\uFFFDb\uFFFDc.ifc');
    expect(hasControlCharacters('x\u0001')).toBe(true);
    expect(hasControlCharacters('x\u0001')).toBe(true);
  });

  it('replaces a direction override, so the name shows in the order it was written', () => {
    expect(withControlCharactersReplaced('report\u202efdp.ifc')).toBe('report\uFFFDfdp.ifc');
  });
});

describe('names that show nothing', () => {
  it.each([[''], ['\u200b'], ['\u200b\u200d\ufeff'], ['\u00ad\u200e'], ['\u3000\u2060']])(
    '%j shows nothing',
    (text) => {
      expect(showsSomething(text)).toBe(false);
    },
  );

  it.each([['a'], ['\u200bA'], ['🏗'], ['北京'], ['מבנה \u200fראשי'], ['_']])('%j shows something', (text) => {
    expect(showsSomething(text)).toBe(true);
  });
});
