import { decodeStepString } from './step-string';

/** Decodes the content of a STEP string literal written as `source` (latin1: one byte per char). */
const decode = (source: string) => {
  const bytes = Buffer.from(source, 'latin1');
  return decodeStepString(bytes, 0, bytes.length);
};
const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('decodeStepString (ISO 10303-21 strings)', () => {
  it.each([
    ['plain ASCII', 'Wall 01', 'Wall 01'],
    ['doubled quotes', "O''Brien''s", "O'Brien's"],
    ['a doubled backslash', 'C:\\\\temp', 'C:\\temp'],
    ['\\X\\hh (ISO 8859-1)', 'Caf\\X\\E9', 'Café'],
    ['\\X2\\ UTF-16 units', '\\X2\\00FC00DF\\X0\\e', 'üße'],
    ['\\X2\\ a surrogate pair', '\\X2\\D83DDE00\\X0\\', '😀'],
    ['\\X4\\ code points', 'x\\X4\\0001F6000000004B\\X0\\y', 'x😀Ky'],
    ['\\S\\ (upper half of ISO 8859-1)', 'Gro\\S\\_e Wiese', 'Große Wiese'],
    ['\\S\\ of an apostrophe', "\\S\\''", '§'],
    ['code page switches are dropped', '\\PA\\abc', 'abc'],
    ['UTF-8 bytes', utf8('Bürogebäude ✓'), 'Bürogebäude ✓'],
    ['lower-case hex', '\\X\\e9\\X2\\00e9\\X0\\', 'éé'],
  ])('%s', (_, source, text) => {
    expect(decode(source)).toBe(text);
  });

  it.each([
    ['a backslash that starts no escape', 'Lightin\\g', 'Lightin\\g'],
    ['a path', 'C:\\temp\\new', 'C:\\temp\\new'],
    ['\\X0\\ alone', '\\X0\\ alone', '\\X0\\ alone'],
    ['an unfinished \\X2\\ block', '\\X2\\00E9 rest', '\\X2\\00E9 rest'],
    ['\\X\\ without two hex digits', '\\X\\G1', '\\X\\G1'],
    ['a backslash at the end', 'ends with \\', 'ends with \\'],
  ])('keeps %s as written', (_, source, text) => {
    expect(decode(source)).toBe(text);
  });

  it('replaces escaped code points that are no character by U+FFFD', () => {
    expect(decode('a\\X2\\D83D\\X0\\b')).toBe('a\uFFFDb');
    expect(decode('\\X2\\DC00D83D0041\\X0\\')).toBe('\uFFFD\uFFFDA');
    expect(decode('\\X4\\00110000\\X0\\')).toBe('\uFFFD');
  });

  it('reads bytes that are not UTF-8 as ISO 8859-1 and keeps valid UTF-8 beside them', () => {
    expect(decode('Stra\xdfe \xe9t\xe9')).toBe('Straße été');
    expect(decode(`\xe9 ${utf8('ü')}`)).toBe('é ü');
  });

  it('decodes a slice of a larger buffer', () => {
    const bytes = Buffer.from("#1=IFCLABEL('Caf\\X\\E9');", 'latin1');
    const start = bytes.indexOf("'") + 1;
    expect(decodeStepString(bytes, start, bytes.lastIndexOf("'"))).toBe('Café');
  });
});
