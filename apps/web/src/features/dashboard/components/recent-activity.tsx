import type { ActivityItem } from '@aec/contracts';
import { AlertTriangle, CheckCircle2, Download, Upload, XCircle, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const icons: Record<ActivityItem['kind'], LucideIcon> = {
  upload: Upload,
  processed: CheckCircle2,
  failed: AlertTriangle,
  cancelled: XCircle,
  export: Download,
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §2: the list scrolls inside a 16rem box so the dashboard keeps its shape. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <Card role="region" aria-label="Recent activity">
      <CardHeader>
        <CardTitle className="text-base">Recent activity</CardTitle>
        <CardDescription>Uploads, processing jobs and exports of your projects</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet: upload an IFC file to get started.</p>
        ) : (
          // Focusable, so a keyboard user can scroll the list with the arrow keys.
          <ul
            tabIndex={0}
            aria-label="Recent activity"
            className="grid max-h-64 gap-3 overflow-y-auto pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="activity-list"
          >
            {items.map((item, index) => {
              const Icon = icons[item.kind];
              return (
                <li key={`${item.at}-${index}`} className="flex gap-3 text-sm">
                  <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p>{item.message}</p>
                    <time dateTime={item.at} className="text-xs text-muted-foreground">
                      {when.format(new Date(item.at))}
                    </time>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
