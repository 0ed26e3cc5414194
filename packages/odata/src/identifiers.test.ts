import { toODataIdentifier, uniqueODataIdentifiers } from './identifiers';
import { parseExpression } from './parse-expression';

describe('OData identifiers', () => {
  it.each([
    ['Pset_WallCommon.FireRating', 'Pset_WallCommon_FireRating'],
    ['Qto_WallBaseQuantities.NetSideArea (m²)', 'Qto_WallBaseQuantities_NetSideArea_m²'],
    ['2ndFloor', '_2ndFloor'],
    ['', 'Property'],
    ['***', 'Property'],
    ['Bürogebäude Höhe', 'Bürogebäude_Höhe'],
    ['_private', '_private'],
  ])('%s → %s', (label, id) => {
    expect(toODataIdentifier(label)).toBe(id);
  });

  it('produces names the parser accepts as property paths', () => {
    for (const label of ['a.b', '2x', 'x y z', '日本 語', 'é', '—', 'x'.repeat(300)]) {
      const id = toODataIdentifier(label);
      expect(parseExpression(`${id} eq 1`)).toMatchObject({
        kind: 'compare',
        left: { kind: 'member', path: [id] },
      });
      expect(Array.from(id).length).toBeLessThanOrEqual(128);
    }
  });

  it('resolves collisions, case-insensitively and against reserved names', () => {
    const ids = uniqueODataIdentifiers(
      ['Fire.Rating', 'Fire Rating', 'fire_rating', 'Name', 'x'.repeat(200), 'x'.repeat(201)],
      ['Name'],
    );
    expect([...ids.values()]).toEqual([
      'Fire_Rating',
      'Fire_Rating_2',
      'fire_rating_3',
      'Name_2',
      'x'.repeat(128),
      `${'x'.repeat(126)}_2`,
    ]);
  });
});
