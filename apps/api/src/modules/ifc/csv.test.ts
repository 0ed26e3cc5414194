import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","click")', `"'=HYPERLINK(""http://x"",""click"")"`],
    ['+1+cmd', "'+1+cmd"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['＝1+1', "'＝1+1"],
    ['－1+1', "'－1+1"],
  ])('marks text a spreadsheet would run as a formula: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each([
    ['Wall = 3 m', 'Wall = 3 m'],
    ['Größe, Ω', '"Größe, Ω"'],
    ['say "hi"', '"say ""hi"""'],
    ['', ''],
  ])('leaves other text as it is, quoted where RFC 4180 needs it: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('writes numbers, booleans and nothing as values, never marked', () => {
    expect([-5, 2.5, Number.NaN, true, false, null, undefined].map(csvCell)).toEqual([
      '-5',
      '2.5',
      '',
      'true',
      'false',
      '',
      '',
    ]);
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', -1, '-1'])).toBe("a,-1,'-1\r\n");
  });
});
