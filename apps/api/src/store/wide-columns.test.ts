import fs from 'node:fs';
import path from 'node:path';
import { columnKey, planWideColumns, type PropertyStats } from './wide-columns';

const stat = (setName: string | null, propertyName: string | null, values = 1): PropertyStats => ({
  setName,
  propertyName,
  values,
  numeric: 0,
  boolean: 0,
});

describe('planWideColumns', () => {
  it('names the columns of a set or property without a name (valid IFC) stably instead of failing', () => {
    const columns = planWideColumns([
      stat('Pset_WallCommon', 'FireRating'),
      stat(null, 'Zone'),
      stat(null, 'ClearHeight'),
      stat('Custom', null),
    ]);
    expect(columns.map((c) => [c.setName, c.propertyName, c.name])).toEqual([
      ['Custom', null, 'Custom_UnnamedProperty'],
      ['Pset_WallCommon', 'FireRating', 'Pset_WallCommon_FireRating'],
      [null, 'ClearHeight', 'UnnamedSet_ClearHeight'],
      [null, 'Zone', 'UnnamedSet_Zone'],
    ]);
    // The same statistics in another order plan the same columns.
    expect(
      planWideColumns([
        ...[stat(null, 'Zone'), stat('Custom', null)],
        stat(null, 'ClearHeight'),
        stat('Pset_WallCommon', 'FireRating'),
      ]),
    ).toEqual(
      planWideColumns([
        stat('Pset_WallCommon', 'FireRating'),
        stat(null, 'ClearHeight'),
        stat('Custom', null),
        stat(null, 'Zone'),
      ]),
    );
  });

  it('gives distinct columns distinct names even when their labels read the same', () => {
    const columns = planWideColumns([
      stat('a.b', 'c'),
      stat('a', 'b.c'),
      stat('UnnamedSet', 'Zone'),
      stat(null, 'Zone'),
    ]);
    const names = columns.map((c) => c.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect(names).toEqual(['a_b_c', 'a_b_c_2', 'UnnamedSet_Zone', 'UnnamedSet_Zone_2']);
  });

  it('keeps a null name apart from the text "null" when matching property rows to columns', () => {
    expect(columnKey(null, 'x')).not.toBe(columnKey('null', 'x'));
    expect(columnKey('a', null)).not.toBe(columnKey('a', 'null'));
  });

  it('orders columns by set and property name; frequency only decides which are kept past the limit', () => {
    const columns = planWideColumns(
      [
        stat('Zeta', 'Rare', 1),
        stat('Alpha', 'Common', 90),
        stat('Beta', 'Often', 50),
        stat('Alpha', 'Seldom', 2),
      ],
      3,
    );
    expect(columns.map((c) => c.name)).toEqual(['Alpha_Common', 'Alpha_Seldom', 'Beta_Often']);
  });

  it('is described in the README as it is planned (order, limit, names of unnamed sets)', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');
    const start = readme.indexOf('**`IFCElementsWide`**');
    const wide = readme.slice(start, readme.indexOf('\n\n', start));
    expect(wide).not.toMatch(/most frequent first/);
    expect(wide).toMatch(/ordered by set name, then property name/);
    expect(wide).toMatch(/`UnnamedSet_/);
  });
});
