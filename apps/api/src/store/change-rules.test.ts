import {
  changedElementColumns,
  compareKeys,
  COMPARED_ELEMENT_COLUMNS,
  createChangeTally,
  diffProperties,
  type PropertyValue,
} from './change-rules';

const value = (
  SetName: string | null,
  PropertyName: string | null,
  Value: string | null,
  Unit: string | null = null,
) => ({ SetName, PropertyName, Value, Unit }) satisfies PropertyValue;

describe('change rules', () => {
  it('compares every element column but ExpressId, naming the differing ones in column order', () => {
    expect(COMPARED_ELEMENT_COLUMNS).not.toContain('ExpressId');
    const row = (fields: Record<string, unknown>) => COMPARED_ELEMENT_COLUMNS.map((c) => fields[c] ?? null);
    const before = row({ GlobalId: 'G', IfcType: 'IfcWall', Name: 'W', Height: 3, LoadBearing: 1 });
    const after = row({ GlobalId: 'G', IfcType: 'IfcWall', Name: 'Wall', Height: 3.5, LoadBearing: true });
    expect(changedElementColumns(before, after)).toEqual(['Name', 'Height']);
    expect(changedElementColumns(before, before)).toEqual([]);
    // A 0/1 boolean and a JavaScript boolean are the same value; null and 0 are not.
    expect(changedElementColumns([0], [false])).toEqual([]);
    expect(changedElementColumns([null], [0])).toEqual([COMPARED_ELEMENT_COLUMNS[0]]);
    expect(changedElementColumns(['x', ...before], ['y', ...after], 1)).toEqual(['Name', 'Height']);
  });

  it('matches property values by set and name, repeated pairs by occurrence, null set names included', () => {
    const before = [
      value('Pset_WallCommon', 'FireRating', 'F90'),
      value(null, 'Länge', '2.5', 'm'),
      value('Pset_Dup', 'Layer', 'a'),
      value('Pset_Dup', 'Layer', 'b'),
      value('Pset_WallCommon', 'Gone', null),
    ];
    const after = [
      value('Pset_WallCommon', 'FireRating', 'F90'),
      value(null, 'Länge', '2.50', 'm'),
      value('Pset_Dup', 'Layer', 'a'),
      value('Pset_Dup', 'Layer', 'c'),
      value('Pset_Dup', 'Layer', 'd'),
      value('Pset_WallCommon', 'Unit only', '3', 'mm'),
    ];
    const beforeUnit = [...before, value('Pset_WallCommon', 'Unit only', '3', 'm')];
    expect(diffProperties(beforeUnit, after)).toEqual([
      {
        changeType: 'Modified',
        setName: null,
        propertyName: 'Länge',
        oldValue: '2.5',
        newValue: '2.50',
        unit: 'm',
      },
      {
        changeType: 'Modified',
        setName: 'Pset_Dup',
        propertyName: 'Layer',
        oldValue: 'b',
        newValue: 'c',
        unit: null,
      },
      {
        changeType: 'Added',
        setName: 'Pset_Dup',
        propertyName: 'Layer',
        oldValue: null,
        newValue: 'd',
        unit: null,
      },
      {
        changeType: 'Modified',
        setName: 'Pset_WallCommon',
        propertyName: 'Unit only',
        oldValue: '3',
        newValue: '3',
        unit: 'mm',
      },
      {
        changeType: 'Removed',
        setName: 'Pset_WallCommon',
        propertyName: 'Gone',
        oldValue: null,
        newValue: null,
        unit: null,
      },
    ]);
    expect(diffProperties(after, after)).toEqual([]);
    // The same values in another order are no change; a repeated pair's values swapped are.
    const distinct = before.filter((p) => p.SetName !== 'Pset_Dup');
    expect(diffProperties(distinct, [...distinct].reverse())).toEqual([]);
    expect(diffProperties(before, [before[0]!, before[1]!, before[3]!, before[2]!, before[4]!])).toHaveLength(
      2,
    );
  });

  it('orders keys by code point, as SQLite pages them', () => {
    const keys = ['m:b', 'm:a', 'm:\u{1F600}', 'm:\uFF21', 'm:', 'm:a#2', 'm:~12'];
    const byUtf8 = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...keys].sort(compareKeys)).toEqual(byUtf8);
    expect(compareKeys('m:x', 'm:x')).toBe(0);
  });

  it('tallies changes per type and storey, elements without a storey under ""', () => {
    const tally = createChangeTally(3);
    tally.common();
    tally.common();
    tally.change('Modified', 'IfcWall', 'Level 1', 2);
    tally.change('Added', 'IfcWall', null);
    tally.change('Removed', 'IfcDoor', '__proto__');
    expect(tally.summary()).toEqual({
      status: 'ready',
      previousVersionNumber: 3,
      added: 1,
      removed: 1,
      modified: 1,
      propertyValuesChanged: 2,
      commonElements: 2,
      byType: {
        IfcWall: { added: 1, removed: 0, modified: 1 },
        IfcDoor: { added: 0, removed: 1, modified: 0 },
      },
      byStorey: {
        'Level 1': { added: 0, removed: 0, modified: 1 },
        '': { added: 1, removed: 0, modified: 0 },
        ['__proto__']: { added: 0, removed: 1, modified: 0 },
      },
      error: null,
    });
    expect(({} as Record<string, unknown>).removed).toBeUndefined();
  });
});
