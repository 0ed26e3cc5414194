import { propertyRow } from '../../test/row-fixtures';
import { INTERNED_PROPERTY_WIDTH, PROPERTY_DEF_WIDTH, PropertyDefNumbers } from './property-defs';

describe('property definitions numbered for the row writer', () => {
  it('numbers each definition once per job, in first use, and marks values repeated from the row above', () => {
    const numbers = new PropertyDefNumbers();
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
      undefined, undefined, 'y', null, 2,
      'G2', 2, 'z', 3, 1,
    ]);
    expect(first.values.length).toBe(3 * INTERNED_PROPERTY_WIDTH);
    // A later batch sends only the definitions it adds, and starts its repeat marks afresh.
    const second = numbers.flatten([
      propertyRow(2, { PropertyName: 'B', Value: 'w' }),
      propertyRow(3, { PropertyName: 'C', Value: 'v' }),
    ]);
    expect(second.defs).toEqual([3, 'Pset_WallCommon', 'PropertySet', 'C', null, 'IfcLabel']);
    expect(second.values).toEqual(['G2', 2, 'w', null, 2, 'G3', 3, 'v', null, 3]);
  });

  it('starts numbering over past its limit, at a batch boundary, sending every definition the batch uses', () => {
    const numbers = new PropertyDefNumbers(2);
    const names = (batch: string[]) => batch.map((n) => propertyRow(1, { PropertyName: n }));
    expect(numbers.flatten(names(['A', 'B', 'C'])).defs.filter((_, i) => i % 6 === 0)).toEqual([1, 2, 3]);
    const after = numbers.flatten(names(['C', 'A']));
    expect(after.defs.filter((_, i) => i % 6 === 3)).toEqual(['C', 'A']);
    expect(after.values.filter((_, i) => i % 5 === 4)).toEqual([1, 2]);
  });

  it('tells apart definitions whose parts only differ in where one ends, and none from the text null', () => {
    const rows = [
      propertyRow(1, { SetName: 'a', PropertyName: '1:b' }),
      propertyRow(1, { SetName: 'a1:', PropertyName: 'b' }),
      propertyRow(1, { SetName: null, PropertyName: 'b' }),
      propertyRow(1, { SetName: '-', PropertyName: 'b' }),
      propertyRow(1, { SetName: 'null', PropertyName: 'b' }),
      propertyRow(1, { SetName: 'null', PropertyName: 'b', Unit: 'mm' }),
    ];
    const { defs } = new PropertyDefNumbers().flatten(rows);
    expect(defs.length / PROPERTY_DEF_WIDTH).toBe(rows.length);
  });
});
