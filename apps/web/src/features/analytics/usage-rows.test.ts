import type { UserStats } from '@aec/contracts';
import { usageRows } from './usage-rows';

const project = (projectId: string, feedRequests: number, exports: number) => ({
  projectId,
  name: projectId,
  status: 'ready',
  elementCount: 10,
  processingMs: 1000,
  feedRequests,
  exports,
});

describe('usageRows', () => {
  it('adds a row for reads outside the own projects and a total equal to the dashboard figures', () => {
    const stats = {
      feedRequests: 12,
      exports: 3,
      perProject: [project('a', 5, 1), project('b', 2, 0)],
      outsideOwnProjects: { feedRequests: 5, exports: 2 },
    } as Pick<UserStats, 'feedRequests' | 'exports' | 'perProject' | 'outsideOwnProjects'>;
    const rows = usageRows(stats);
    expect(rows.map((r) => [r.label, r.feedRequests, r.exports])).toEqual([
      ['Other reads: several projects at once, or projects not yours (the demo)', 5, 2],
      ['Total (as on the dashboard)', 12, 3],
    ]);
  });

  it('leaves out the other-reads row when there are none', () => {
    const rows = usageRows({
      feedRequests: 7,
      exports: 1,
      perProject: [project('a', 7, 1)],
      outsideOwnProjects: { feedRequests: 0, exports: 0 },
    });
    expect(rows.map((r) => r.label)).toEqual(['Total (as on the dashboard)']);
  });
});
