import type { WideSetState } from '@aec/contracts';
import { cn } from '@/lib/cn';
import { wideSetNote } from '../wide-set-note';

const toneClass = {
  muted: 'text-muted-foreground',
  pending: 'text-amber-700 dark:text-amber-400',
  error: 'text-destructive',
} as const;

/** The project's wide element set state under its status badge (Data Sources). */
export function WideSetLine({ wideSet }: { wideSet: WideSetState | null | undefined }) {
  const note = wideSetNote(wideSet);
  if (!note) return null;
  return (
    <p
      className={cn('mt-1 max-w-xs text-xs [overflow-wrap:anywhere]', toneClass[note.tone])}
      data-wide-set={wideSet?.status}
    >
      {note.text}
    </p>
  );
}
