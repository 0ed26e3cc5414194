import { changeTotals, changeView, sortedBreakdown } from './change-view';
import { changesFixture as summary } from './history-fixture';

describe('what changed in a version', () => {
  it('says a first version has nothing to compare', () => {
    expect(changeView(null)).toEqual({ kind: 'first', message: 'First version: nothing to compare' });
  });

  it('says a later version whose older ones were deleted has none kept to compare with', () => {
    expect(changeView(null, 3)).toEqual({
      kind: 'first',
      message: 'No earlier version is kept: nothing to compare',
    });
  });

  it('names the version being compared with while pending', () => {
    expect(changeView(summary({ status: 'pending', previousVersionNumber: 3 }))).toEqual({
      kind: 'pending',
      message: 'Comparing with version 3…',
    });
  });

  it('gives the server’s reason when the comparison failed, and a plain one when it gave none', () => {
    expect(changeView(summary({ status: 'failed', error: 'disk full' }))).toEqual({
      kind: 'failed',
      message: 'Could not compare with version 1: disk full',
    });
    expect(changeView(summary({ status: 'failed', previousVersionNumber: 2, error: null }))).toMatchObject({
      message: 'Could not compare with version 2',
    });
  });

  it('sums the four counts of a ready comparison', () => {
    const view = changeView(summary({ added: 3, removed: 1, modified: 7, propertyValuesChanged: 12 }));
    expect(view.kind).toBe('ready');
    expect(changeTotals(summary({ added: 3, removed: 1, modified: 7, propertyValuesChanged: 12 }))).toEqual([
      { label: 'Added', value: 3 },
      { label: 'Removed', value: 1 },
      { label: 'Modified', value: 7 },
      { label: 'Property values changed', value: 12 },
    ]);
  });

  it('orders a breakdown by total changes, then by name, and names elements without a storey', () => {
    const rows = sortedBreakdown([
      { storey: 'Level 1', added: 1, removed: 0, modified: 0 },
      { storey: '', added: 0, removed: 2, modified: 3 },
      { storey: 'Ébène', added: 1, removed: 0, modified: 0 },
      { storey: 'Level 0', added: 0, removed: 0, modified: 0 },
    ]);
    expect(rows.map((r) => [r.name, r.total])).toEqual([
      ['No storey', 5],
      ['Ébène', 1],
      ['Level 1', 1],
      ['Level 0', 0],
    ]);
  });
});
