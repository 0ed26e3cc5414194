import { formatDateTime } from '@/lib/format';
import { projectTimeLabel } from './project-dates';

describe('projectTimeLabel', () => {
  const createdAt = '2026-11-30T02:49:00.000Z';
  it('shows when the latest version was published, not when the project was created', () => {
    const processedAt = '2026-11-30T03:09:00.000Z';
    expect(projectTimeLabel({ createdAt, processedAt })).toBe(`updated ${formatDateTime(processedAt)}`);
  });

  it('says "created" while nothing is published yet', () => {
    expect(projectTimeLabel({ createdAt, processedAt: null })).toBe(`created ${formatDateTime(createdAt)}`);
  });
});
