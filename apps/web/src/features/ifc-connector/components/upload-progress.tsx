import { Progress } from '@/components/ui/progress';
import { uploadSentText, type UploadSent } from '../upload-rate';

/**
 * The file's upload: a progressbar of the bytes sent, and the bytes, rate and time left in words. The words change
 * with every progress event, so they are not a live region; screen readers hear each tenth of the file instead.
 */
export function UploadProgress({ uploaded, sent }: { uploaded: number; sent: UploadSent | null }) {
  const percent = Math.round(uploaded * 100);
  const text = sent ? uploadSentText(sent) : 'Starting the upload…';
  return (
    <div className="grid min-w-0 grid-cols-1 gap-1">
      <Progress
        value={percent}
        label="Upload progress"
        aria-valuetext={`${percent}%: ${text}`}
        className="h-2"
      />
      <p className="break-words text-sm tabular-nums text-muted-foreground" data-testid="upload-progress">
        Uploading: {text}
      </p>
      <p className="sr-only" aria-live="polite">
        {`Upload ${Math.floor(percent / 10) * 10}% sent`}
      </p>
    </div>
  );
}
