import { elementRow, propertyRow } from '../../test/row-fixtures';
import { DefNumbers, defWidth, ELEMENT_SHAPE, internedWidth, PROPERTY_SHAPE } from './interned-rows';
import { storedElementColumnNames } from '../row-columns';

describe('row definitions numbered for the row writer', () => {
  it('numbers each definition once per job, in first use, and marks values repeated from the row above', () => {
    const numbers = new DefNumbers(PROPERTY_SHAPE);
    const first = numbers.flatten([
      propertyRow(1, { PropertyName: 'A', Value: 'x' }),
      propertyRow(1, { PropertyName: 'B', Value: 'y' }),
      propertyRow(2, { PropertyName: 'A', Value: 'z', NumericValue: 3 }),
    ]);
    // prettier-ignore
    expect(first.defs).toEqual([
      1, 'Pset_WallCommon', 'PropertySet', 'A', null, 'IfcLabel',
      2, 'Pset_WallCommon', 'PropertySet', 'B', null, 'IfcLabel',
    ]);
    // prettier-ignore
    expect(first.values).toEqual([
      'G1', 1, 'x', null, 1,
      undefined, undefined, 'y', undefined, 2,
      'G2', 2, 'z', 3, 1,
    ]);
    expect(first.values.length).toBe(3 * internedWidth(PROPERTY_SHAPE));
    // A later batch sends only the definitions it adds, and starts its repeat marks afresh.
    const second = numbers.flatten([
      propertyRow(2, { PropertyName: 'B', Value: 'w' }),
      propertyRow(3, { PropertyName: 'C', Value: 'v' }),
    ]);
    expect(second.defs).toEqual([3, 'Pset_WallCommon', 'PropertySet', 'C', null, 'IfcLabel']);
    expect(second.values).toEqual(['G2', 2, 'w', null, 2, 'G3', 3, 'v', undefined, 3]);
  });

  it('starts numbering over past its limit, at a batch boundary, sending every definition the batch uses', () => {
    const numbers = new DefNumbers(PROPERTY_SHAPE, 2);
    const names = (batch: string[]) => batch.map((n) => propertyRow(1, { PropertyName: n }));
    const width = defWidth(PROPERTY_SHAPE);
    expect(numbers.flatten(names(['A', 'B', 'C'])).defs.filter((_, i) => i % width === 0)).toEqual([1, 2, 3]);
    const after = numbers.flatten(names(['C', 'A']));
    expect(after.defs.filter((_, i) => i % width === 3)).toEqual(['C', 'A']);
    expect(after.values.filter((_, i) => i % internedWidth(PROPERTY_SHAPE) === 4)).toEqual([1, 2]);
  });

  it('tells apart definitions whose parts only differ in where one ends, in type, or from the text null', () => {
    const rows = [
      propertyRow(1, { SetName: 'a', PropertyName: '1:b' }),
      propertyRow(1, { SetName: 'a1:', PropertyName: 'b' }),
      propertyRow(1, { SetName: null, PropertyName: 'b' }),
      propertyRow(1, { SetName: '-', PropertyName: 'b' }),
      propertyRow(1, { SetName: 'null', PropertyName: 'b' }),
      propertyRow(1, { SetName: 'null', PropertyName: 'b', Unit: 'mm' }),
    ];
    const { defs } = new DefNumbers(PROPERTY_SHAPE).flatten(rows);
    expect(defs.length / defWidth(PROPERTY_SHAPE)).toBe(rows.length);
    const elements = [
      elementRow(1, { ThermalTransmittance: 1, Material: 'L' }),
      elementRow(2, { ThermalTransmittance: null, Material: 'L' }),
      elementRow(3, { ThermalTransmittance: 0, Material: 'L' }),
      elementRow(4, { ThermalTransmittance: -0, Material: 'L' }),
      elementRow(5, { ThermalTransmittance: 1, Material: 'L', IsExternal: true }),
      elementRow(6, { ThermalTransmittance: 1, Material: 'L', IsExternal: false }),
      elementRow(7, { ThermalTransmittance: 1, Material: '1' }),
    ];
    const numbered = new DefNumbers(ELEMENT_SHAPE).flatten(elements);
    expect(numbered.defs.length / defWidth(ELEMENT_SHAPE)).toBe(elements.length);
    // Booleans go as 1 and 0: libsql refuses a boolean parameter.
    expect(numbered.defs).not.toContain(true);
    expect(numbered.defs).not.toContain(false);
  });

  it('covers every stored element and property column exactly once', () => {
    const element = [...ELEMENT_SHAPE.own, ...ELEMENT_SHAPE.defs];
    expect([...element].sort()).toEqual([...storedElementColumnNames].sort());
    expect(new Set(element).size).toBe(element.length);
    expect([...PROPERTY_SHAPE.own, ...PROPERTY_SHAPE.defs].sort()).toEqual(
      Object.keys(propertyRow(1)).sort(),
    );
  });
});
