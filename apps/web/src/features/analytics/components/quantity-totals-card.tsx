import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useQuantityTotals } from '../api/get-quantity-totals';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Sums of the feed's quantity columns for one project, read through its OData feed. */
export function QuantityTotalsCard({ projectId }: { projectId: string }) {
  const totals = useQuantityTotals(projectId);
  return (
    <Card role="region" aria-label="Quantity totals">
      <CardHeader>
        <CardTitle className="text-base">Quantity totals</CardTitle>
        <CardDescription>
          Summed from the IFC quantity sets of the elements (units as exported by the authoring tool, usually
          metres).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={totals} loadingLabel="Reading the feed..." errorTitle="Could not read the feed">
          {(data) => (
            <div className="grid gap-3">
              <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
                {data.totals.map((entry) => (
                  <div key={entry.column} className="rounded-md border p-3" data-quantity={entry.column}>
                    <dt className="text-xs text-muted-foreground">{entry.column}</dt>
                    <dd className="text-xl font-semibold tabular-nums">{number.format(entry.total)}</dd>
                    <dd className="text-xs text-muted-foreground">
                      {entry.elements.toLocaleString('en-US')} elements
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="text-xs text-muted-foreground">
                {data.rows.toLocaleString('en-US')} elements read
                {data.complete ? '.' : ' (stopped early: the totals cover only these rows).'}
              </p>
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
