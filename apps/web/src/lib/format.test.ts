import { shortLabel } from './format';

describe('shortLabel', () => {
  it('keeps a label that fits and cuts a longer one to the limit with an ellipsis', () => {
    expect(shortLabel('IfcWall')).toBe('IfcWall');
    expect(shortLabel('a'.repeat(20))).toBe('a'.repeat(20));
    expect(shortLabel('a'.repeat(21))).toBe(`${'a'.repeat(19)}…`);
    expect(shortLabel('Level 01 Mezzanine North', 10)).toBe('Level 01…');
  });

  it('counts code points, so an emoji is never cut in half', () => {
    const label = shortLabel('😀'.repeat(30), 5);
    expect(label).toBe('😀😀😀😀…');
    expect(Array.from(label)).toHaveLength(5);
  });
});
