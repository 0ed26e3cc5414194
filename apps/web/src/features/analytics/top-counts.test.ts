import { topCounts } from './top-counts';

describe('topCounts', () => {
  it('sorts largest first and folds the tail into Other', () => {
    expect(topCounts({ IfcWall: 5, IfcDoor: 9, IfcSlab: 1, IfcWindow: 2 }, 3)).toEqual([
      { name: 'IfcDoor', count: 9 },
      { name: 'IfcWall', count: 5 },
      { name: 'Other', count: 3 },
    ]);
    expect(topCounts({ B: 1, A: 1 }, 5)).toEqual([
      { name: 'A', count: 1 },
      { name: 'B', count: 1 },
    ]);
  });
});
