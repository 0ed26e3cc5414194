import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it.each([
    [
      'the UTF-8 name over its ASCII stand-in',
      `attachment; filename="B?rogeb?ude ?? ?.tds"; filename*=UTF-8''B%C3%BCrogeb%C3%A4ude%20%E5%8C%97%E4%BA%AC%20%F0%9F%8F%A2.tds`,
      'Bürogebäude 北京 🏢.tds',
    ],
    ['a quoted name', 'attachment; filename="Office Tower.pbids"', 'Office Tower.pbids'],
    ['a quoted name with an escaped quote', 'attachment; filename="say \\"hi\\".tds"', 'say "hi".tds'],
    ['a token name', 'attachment; filename=tower-elements.csv', 'tower-elements.csv'],
    [
      'the plain name when the UTF-8 one is broken',
      `attachment; filename="a.tds"; filename*=UTF-8''%E5%8C`,
      'a.tds',
    ],
  ])('reads %s', (_, header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it.each([[undefined], [''], ['attachment'], ['inline; filename=""']])('gives null for %j', (header) => {
    expect(fileNameFromDisposition(header)).toBeNull();
  });
});
