import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';

/**
 * The state behind a ConfirmDialog: what the user is asked about (null while no dialog is open), and the error of
 * the last confirmed action, shown beside the button that started it. Asking again clears that error; the dialog
 * closes when the action settles either way.
 */
export function useConfirmation<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    subject,
    error,
    ask(next: Subject) {
      setError(null);
      setSubject(next);
    },
    /** Props for the ConfirmDialog about `about` (any subject when omitted): open while it is asked, and closing. */
    dialog(about?: Subject) {
      return {
        open: subject !== null && (about === undefined || subject === about),
        onOpenChange: (open: boolean) => {
          if (!open) setSubject(null);
        },
      };
    },
    /** Mutation callbacks for the confirmed action: the dialog closes, a failure is kept to show. */
    settled: {
      onSuccess: () => setSubject(null),
      onError: (err: unknown) => {
        setSubject(null);
        setError(getErrorMessage(err));
      },
    },
  };
}
