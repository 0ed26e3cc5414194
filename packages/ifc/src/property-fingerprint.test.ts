import { generateIfcFixture } from './generate';
import { propertyFingerprint, type FingerprintedProperty } from './property-fingerprint';
import { extractText } from './test-support/collect-rows';

const value = (over: Partial<FingerprintedProperty> = {}): FingerprintedProperty => ({
  SetName: 'Pset_WallCommon',
  PropertyName: 'FireRating',
  Value: 'REI 90',
  Unit: null,
  ...over,
});

describe("propertyFingerprint: an element's property values in short", () => {
  it('is the same for the same values in the same order, whatever the row objects', () => {
    const rows = [value(), value({ PropertyName: 'Höhe ✓', Value: '2.5', Unit: 'm' })];
    expect(propertyFingerprint(rows)).toBe(propertyFingerprint(rows.map((r) => ({ ...r }))));
  });

  it('changes with any compared field, null apart from the empty text', () => {
    const base = propertyFingerprint([value()]);
    for (const over of [
      { SetName: 'Pset_WallCommon2' },
      { PropertyName: 'fireRating' },
      { Value: 'REI 60' },
      { Value: null },
      { Value: '' },
      { Unit: '' },
      { Unit: 'mm' },
    ])
      expect(propertyFingerprint([value(over)])).not.toBe(base);
    expect(propertyFingerprint([value({ Unit: null })])).not.toBe(propertyFingerprint([value({ Unit: '' })]));
  });

  it('never joins two different value lists into one: text moved across a boundary or a row counts', () => {
    const split = (a: string, b: string) => propertyFingerprint([value({ SetName: a, PropertyName: b })]);
    expect(split('ab', 'c')).not.toBe(split('a', 'bc'));
    expect(split('a;', 'b')).not.toBe(split('a', ';b'));
    expect(propertyFingerprint([value(), value()])).not.toBe(propertyFingerprint([value()]));
    expect(propertyFingerprint([value(), value({ Value: 'x' })])).not.toBe(
      propertyFingerprint([value({ Value: 'x' }), value()]),
    );
  });

  it("is '' for an element without property values", () => {
    expect(propertyFingerprint([])).toBe('');
  });
});

describe('extraction: each element row carries the fingerprint of its own property rows', () => {
  it('matches the property rows handed out with the element', async () => {
    const rows = await extractText(generateIfcFixture({ storeys: 2, bays: 2, seed: 5 }).text);
    expect(rows.elements.length).toBeGreaterThan(10);
    const byElement = new Map<number, FingerprintedProperty[]>();
    for (const p of rows.properties) {
      const list = byElement.get(p.ElementExpressId) ?? [];
      list.push(p);
      byElement.set(p.ElementExpressId, list);
    }
    const withProperties = rows.elements.filter((e) => byElement.has(e.ExpressId));
    expect(withProperties.length).toBeGreaterThan(0);
    for (const element of rows.elements)
      expect(element).toHaveProperty(
        'PropertyFingerprint',
        propertyFingerprint(byElement.get(element.ExpressId) ?? []),
      );
  });
});
