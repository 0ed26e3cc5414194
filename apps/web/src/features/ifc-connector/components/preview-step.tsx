import { ArrowLeft, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatFileSize } from '@aec/contracts';
import { useProcessingRate } from '../api/get-processing-rate';
import { estimateProcessing, formatTimeRange } from '../file-scan';
import { useFileScan } from '../hooks/use-file-scan';
import type { UploadChoice, VersionChoice } from '../upload-choice';
import { PublishAs } from './publish-as';
import { StepNotice } from './step-notice';

export function PreviewStep({
  file,
  notice,
  choices,
  choice,
  onChoose,
  onStart,
  onBack,
}: {
  file: File;
  /** What became of the last run (after Cancel), said where the user lands. */
  notice: string | null;
  /** The user's models a new version can go to, and the current answer to "new project or new version?". */
  choices: VersionChoice[];
  choice: UploadChoice;
  onChoose: (choice: UploadChoice) => void;
  onStart: () => void;
  onBack: () => void;
}) {
  const scan = useFileScan(file);
  const rate = useProcessingRate();
  const elements =
    scan.status === 'done'
      ? scan.scan.products.toLocaleString('en-US')
      : scan.status === 'scanning'
        ? 'Counting...'
        : 'Could not read the file';
  const time =
    scan.status === 'done' && rate.data
      ? formatTimeRange(estimateProcessing(scan.scan, rate.data))
      : scan.status === 'failed' || rate.isError
        ? '—'
        : 'Estimating...';
  const facts = [
    { label: 'File name', value: file.name },
    { label: 'File size', value: formatFileSize(file.size) },
    { label: 'Last modified', value: new Date(file.lastModified).toLocaleString() },
    { label: 'Estimated Elements', value: elements },
    { label: 'Estimated processing time', value: time },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle tabIndex={-1} data-step-heading="">
          Preview
        </CardTitle>
        <CardDescription>
          Check the file before processing. Elements are counted from the file in your browser; the time uses
          this server's measured speed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <StepNotice notice={notice} />
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="File details">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium break-all" data-testid={`preview-${fact.label}`}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        <PublishAs choices={choices} value={choice} onChange={onChoose} />
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button onClick={onStart}>
          <Play aria-hidden="true" />
          Start Processing
        </Button>
      </CardFooter>
    </Card>
  );
}
