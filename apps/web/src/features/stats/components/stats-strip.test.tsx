import type { PlatformStats } from '@aec/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { StatsStrip } from './stats-strip';

const stats = (over: Partial<PlatformStats>): PlatformStats => ({
  elementsProcessed: 0,
  projectsAnalyzed: 0,
  dataExports: 0,
  apiRequests: 0,
  ...over,
});

/** The strip's visible text, one figure per line: "1 project analyzed". */
function figures(value: PlatformStats): string[] {
  const html = renderToStaticMarkup(<StatsStrip stats={value} />);
  return [...html.matchAll(/<p[^>]*>([^<]*)<\/p>\s*<p[^>]*>([^<]*)<\/p>/g)].map((m) => `${m[1]} ${m[2]}`);
}

describe('platform statistics strip', () => {
  it('says the figures are everyone’s on this server, not the viewer’s', () => {
    const html = renderToStaticMarkup(<StatsStrip stats={stats({ projectsAnalyzed: 1 })} />);
    expect(html).toMatch(/all users/i);
  });

  it('uses the singular for one and the plural otherwise', () => {
    expect(
      figures(stats({ projectsAnalyzed: 1, dataExports: 1, apiRequests: 1, elementsProcessed: 1 })),
    ).toEqual(['1 IFC element processed', '1 project analyzed', '1 data export', '1 API request']);
    expect(figures(stats({ projectsAnalyzed: 2, elementsProcessed: 51_234 }))).toEqual([
      '51,000+ IFC elements processed',
      '2 projects analyzed',
      '0 data exports',
      '0 API requests',
    ]);
  });
});
