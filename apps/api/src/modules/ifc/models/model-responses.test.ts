import type { ChangeSummary } from '../../../store/types';
import { changeSummaryDto } from './model-responses';

describe('changeSummaryDto', () => {
  const summary: ChangeSummary = {
    status: 'ready',
    previousVersionNumber: 1,
    added: 5,
    removed: 2,
    modified: 3,
    propertyValuesChanged: 9,
    commonElements: 40,
    byType: {
      IfcWall: { added: 1, removed: 0, modified: 1 },
      IfcDoor: { added: 4, removed: 2, modified: 0 },
      IfcBeam: { added: 0, removed: 0, modified: 2 },
    },
    byStorey: { '': { added: 0, removed: 0, modified: 1 }, 'Level 1': { added: 5, removed: 2, modified: 2 } },
    error: null,
  };

  it('turns the breakdowns into rows, most changes first, then by name', () => {
    const dto = changeSummaryDto(summary);
    expect(dto.byType).toEqual([
      { ifcType: 'IfcDoor', added: 4, removed: 2, modified: 0 },
      { ifcType: 'IfcBeam', added: 0, removed: 0, modified: 2 },
      { ifcType: 'IfcWall', added: 1, removed: 0, modified: 1 },
    ]);
    expect(dto.byStorey.map((s) => s.storey)).toEqual(['Level 1', '']);
    expect(dto).toMatchObject({
      added: 5,
      removed: 2,
      modified: 3,
      propertyValuesChanged: 9,
      commonElements: 40,
    });
  });
});
