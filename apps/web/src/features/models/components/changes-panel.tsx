import { AlertCircle } from 'lucide-react';
import type { ChangeSummaryDto } from '@aec/contracts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatInteger } from '@/lib/format';
import { changeTotals, changeView, sortedBreakdown } from '../change-view';
import { ChangesChart } from './changes-chart';
import { ChangesTable } from './changes-table';

/**
 * "What changed" in one version against its model's previous one: the four totals, a chart and two tables by IFC
 * type and by storey. Pending comparisons say which version they compare with (the history polls until ready).
 */
export function ChangesPanel({
  versionNumber,
  changes,
}: {
  versionNumber: number;
  changes: ChangeSummaryDto | null;
}) {
  // Under the version's h4 heading.
  const view = changeView(changes, versionNumber);
  return (
    <section className="grid min-w-0 gap-3" aria-label={`What changed in version ${versionNumber}`}>
      <h5 className="font-semibold">What changed</h5>
      {view.kind === 'first' ? <p className="text-sm text-muted-foreground">{view.message}</p> : null}
      {view.kind === 'pending' ? <Spinner label={view.message} className="justify-start" /> : null}
      {view.kind === 'failed' ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription className="[overflow-wrap:anywhere]">{view.message}</AlertDescription>
        </Alert>
      ) : null}
      {view.kind === 'ready' ? <ReadyChanges versionNumber={versionNumber} changes={view.summary} /> : null}
    </section>
  );
}

function ReadyChanges({ versionNumber, changes }: { versionNumber: number; changes: ChangeSummaryDto }) {
  const byType = sortedBreakdown(changes.byType);
  const byStorey = sortedBreakdown(changes.byStorey);
  const nothing = changes.added + changes.removed + changes.modified === 0;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Version {versionNumber} compared with version {changes.previousVersionNumber ?? '—'},{' '}
        {formatInteger(changes.commonElements)} elements in common.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {changeTotals(changes).map((total) => (
          <div key={total.label} className="rounded-md border p-2">
            <dt className="text-xs text-muted-foreground">{total.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatInteger(total.value)}</dd>
          </div>
        ))}
      </dl>
      {nothing ? (
        <p className="text-sm text-muted-foreground">No element was added, removed or modified.</p>
      ) : (
        <>
          <ChangesChart rows={byType} />
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <ChangesTable caption="By IFC type" nameHeader="IFC type" rows={byType} />
            <ChangesTable caption="By storey" nameHeader="Storey" rows={byStorey} />
          </div>
        </>
      )}
    </>
  );
}
