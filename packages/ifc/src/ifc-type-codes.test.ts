import * as WebIfc from 'web-ifc';
import * as codes from './ifc-type-codes';

describe('type codes without web-ifc', () => {
  it.each(Object.keys(codes).filter((name) => /^IFC[A-Z]+$/.test(name)))('%s is web-ifc’s', (name) => {
    const ours = (codes as unknown as Record<string, number>)[name];
    expect(ours).toBe((WebIfc as unknown as Record<string, number>)[name]);
  });

  it('knows the same property set definition types as web-ifc’s schemas', () => {
    const inheritance = WebIfc.InheritanceDef as Record<string, Record<number, number[] | undefined>>;
    const webIfc = new Set(
      Object.values(inheritance).flatMap((schema) => schema[WebIfc.IFCPROPERTYSETDEFINITION] ?? []),
    );
    expect([...codes.propertySetDefinitionTypes()].sort()).toEqual([...webIfc].sort());
  });
});
