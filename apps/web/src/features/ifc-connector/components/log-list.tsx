import { CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { LogEntry } from '../types';

const icons = { info: Info, success: CheckCircle2, error: XCircle } as const;
const tones = { info: 'text-muted-foreground', success: 'text-success', error: 'text-destructive' } as const;

const timeOf = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleTimeString();
};

/** The processing log: time, type and category of each entry, newest last; announced politely. */
export function LogList({ entries }: { entries: LogEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No log entries yet.</p>;
  return (
    <ol
      aria-label="Processing log"
      aria-live="polite"
      // A scroll box: keyboard users reach it to scroll it (axe scrollable-region-focusable).
      tabIndex={0}
      className="max-h-80 overflow-y-auto rounded-md border bg-muted/30 p-2 font-mono text-xs"
    >
      {entries.map((entry) => {
        const Icon = icons[entry.type];
        return (
          <li
            key={entry.id}
            className="flex flex-wrap items-start gap-x-2 gap-y-0.5 py-1"
            data-log-type={entry.type}
          >
            <time dateTime={entry.timestamp} className="text-muted-foreground">
              {timeOf(entry.timestamp)}
            </time>
            <span className={cn('inline-flex items-center gap-1 font-semibold uppercase', tones[entry.type])}>
              <Icon aria-hidden="true" className="size-3.5" />
              {entry.type}
            </span>
            {entry.category ? <span className="rounded bg-secondary px-1">{entry.category}</span> : null}
            <span className="min-w-0 flex-1 basis-60 break-words">{entry.message}</span>
          </li>
        );
      })}
    </ol>
  );
}
