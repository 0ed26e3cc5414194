import { keyToFilter } from './resource-path';

describe('keyToFilter: a key predicate as a $filter on the key', () => {
  it.each([
    ["'proj_1:0aBc$x'", ['Id'], "Id eq 'proj_1:0aBc$x'"],
    ["'it''s = a key'", ['Id'], "Id eq 'it''s = a key'"],
    ['42', ['ExpressId'], 'ExpressId eq 42'],
    [" Id = 'a' ", ['Id'], "Id eq 'a'"],
    [
      "ModelId='m,1',VersionNumber=2",
      ['ModelId', 'VersionNumber'],
      "ModelId eq 'm,1' and VersionNumber eq 2",
    ],
  ])('%s', (key, properties, filter) => {
    expect(keyToFilter(key, properties)).toBe(filter);
  });

  it.each([
    ["'a' or true", ['Id']],
    ["Id='a' or true", ['Id']],
    ['1 eq 1', ['Id']],
    ["ModelId='m',VersionNumber=1 or VersionNumber gt 0", ['ModelId', 'VersionNumber']],
    ["ModelId=('m'),VersionNumber=1", ['ModelId', 'VersionNumber']],
    ['Id=', ['Id']],
  ])('refuses %s: a key value is one literal, never an expression', (key, properties) => {
    expect(() => keyToFilter(key, properties)).toThrow(/A key value must be one literal/);
  });

  it('still names a wrong key property and a missing part', () => {
    expect(() => keyToFilter("Nope='a'", ['Id'])).toThrow(/'Nope' is not a key property/);
    expect(() => keyToFilter("ModelId='m'", ['ModelId', 'VersionNumber'])).toThrow(/Every key property/);
    expect(() => keyToFilter("'m'", ['ModelId', 'VersionNumber'])).toThrow(/composite key/);
  });
});
