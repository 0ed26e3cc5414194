import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/confirm-dialog';

/**
 * Rendered while a file is being sent (only then: it needs the app's data router). Leaving the page would abort
 * the upload and lose every byte sent so far, minutes of them for a large model, so both ways out ask first: a link
 * inside the app opens a dialog (Escape and "Stay on this page" keep the upload going), and
 * closing or reloading the tab gets the browser's own "Leave site?" prompt. Once the file is uploaded, leaving only
 * stops following the job, which the server finishes anyway, so the guard is gone by then.
 *
 * `onLeave` stops the upload as soon as the user confirms, before the navigation: the next page loads in a React
 * transition, which keeps this one (and its upload) on screen until it is ready, long enough on a slow hour for the
 * rest of the file to arrive and become a project the user said to stop.
 */
export function LeaveUploadGuard({ fileName, onLeave }: { fileName: string; onLeave: () => void }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave while the file is uploading?"
      description={`${fileName} is still being sent. Leaving this page stops the upload; nothing of it is kept, and you would have to upload the file again.`}
      confirmLabel="Leave and stop the upload"
      cancelLabel="Stay on this page"
      destructive
      onConfirm={() => {
        if (blocker.state !== 'blocked') return;
        onLeave();
        blocker.proceed();
      }}
    />
  );
}
