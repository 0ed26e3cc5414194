import { VersionElementKeys } from './element-keys';

describe('element keys of a model version', () => {
  it('keys by model and GlobalId, numbering repeats in order and keying a missing GlobalId by ExpressId', () => {
    const keys = new VersionElementKeys('m-ä');
    expect(keys.key('2O2Fr$t4X7Zf8NOew3FLOH', 10)).toBe('m-ä:2O2Fr$t4X7Zf8NOew3FLOH');
    expect(keys.key('dup', 11)).toBe('m-ä:dup');
    expect(keys.key('dup', 12)).toBe('m-ä:dup#2');
    expect(keys.key(null, 13)).toBe('m-ä:~13');
    expect(keys.key('', 14)).toBe('m-ä:~14');
    expect(keys.key('dup', 15)).toBe('m-ä:dup#3');
    // Another version starts over: the same element gets the same key there.
    expect(new VersionElementKeys('m-ä').key('dup', 99)).toBe('m-ä:dup');
  });
});
