import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const tone: Record<string, string> = {
  ready: 'border-success/40 text-success',
  failed: 'border-destructive/40 text-destructive',
  cancelled: 'text-muted-foreground',
};

/** Project status as the server reports it (queued, processing, ready, failed, cancelled...). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(tone[status] ?? 'border-amber-500/40 text-amber-600 dark:text-amber-400')}
    >
      {status}
    </Badge>
  );
}
