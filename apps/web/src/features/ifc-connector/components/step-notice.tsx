import { Info } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** What happened to the last run (cancelled, paused…), shown at the top of a step; nothing when null. */
export function StepNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <Alert role="status">
      <Info aria-hidden="true" />
      <AlertDescription>{notice}</AlertDescription>
    </Alert>
  );
}
