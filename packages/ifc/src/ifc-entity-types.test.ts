import { IFC_PRODUCT_TYPES } from '@aec/contracts';
import * as WebIfc from 'web-ifc';

/** The browser's product list (packages/contracts) must be exactly what extraction reads as IfcProduct. */
describe('IFC_PRODUCT_TYPES', () => {
  it('is the union of IfcProduct subtypes over every schema web-ifc knows', () => {
    const nameOf = new Map<number, string>();
    for (const [name, value] of Object.entries(WebIfc)) {
      if (typeof value === 'number' && /^IFC[A-Z0-9]+$/.test(name) && !nameOf.has(value))
        nameOf.set(value, name);
    }
    const fromWebIfc = new Set<string>();
    for (const schema of Object.values(WebIfc.InheritanceDef) as Record<number, number[]>[]) {
      for (const code of schema[WebIfc.IFCPRODUCT] ?? []) fromWebIfc.add(nameOf.get(code) ?? `#${code}`);
    }
    expect([...IFC_PRODUCT_TYPES].sort()).toEqual([...fromWebIfc].sort());
    expect(IFC_PRODUCT_TYPES.has('IFCWALLSTANDARDCASE')).toBe(true);
  });
});
