import { freeFeedTokenName } from './feed-token-name';

describe('freeFeedTokenName', () => {
  it('names the token after the file when the name is free', () => {
    expect(freeFeedTokenName('osb_ifc4.ifc', ['Tableau laptop'])).toBe('BI feed: osb_ifc4.ifc');
  });

  it('appends the first free number when the account already has that name (a re-uploaded model)', () => {
    expect(freeFeedTokenName('osb_ifc4.ifc', ['BI feed: osb_ifc4.ifc'])).toBe('BI feed: osb_ifc4.ifc (2)');
    expect(
      freeFeedTokenName('osb_ifc4.ifc', ['bi feed: OSB_IFC4.ifc', 'BI feed: osb_ifc4.ifc (2)', 'x (3)']),
    ).toBe('BI feed: osb_ifc4.ifc (3)');
  });

  it('stays within the 80 characters the server takes, the number kept whole', () => {
    const long = `${'a'.repeat(100)}.ifc`;
    const first = freeFeedTokenName(long, []);
    expect(first).toHaveLength(80);
    const second = freeFeedTokenName(long, [first]);
    expect(second).toHaveLength(80);
    expect(second.endsWith(' (2)')).toBe(true);
  });
});
