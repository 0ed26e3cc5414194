import { Badge } from '@/components/ui/badge';
import { VISITORS_REFERENCE_DATE, visitorSample } from '../data/visitors-sample';
import { RangeAreaChart } from './range-area-chart';

/** The spec's visitors chart over its static sample series: labelled so nobody reads it as traffic. */
export function VisitorsChart() {
  return (
    <RangeAreaChart
      title="Visitors"
      badge={<Badge variant="outline">Sample data</Badge>}
      description="Illustrative series for April–June 2024 (desktop and mobile stacked); not measured traffic."
      data={visitorSample}
      referenceDate={VISITORS_REFERENCE_DATE}
      stacked
      series={[
        { key: 'mobile', label: 'Mobile', color: 'oklch(0.65 0.15 160)' },
        { key: 'desktop', label: 'Desktop', color: 'var(--primary)' },
      ]}
    />
  );
}
