import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { downloadConnectionFile, type ConnectionFileKind } from '../api/download-connection-file';

const files: { kind: ConnectionFileKind; label: string }[] = [
  { kind: 'pbids', label: 'Power BI connection file (.pbids)' },
  { kind: 'tds', label: 'Tableau data source (.tds)' },
];

export function ConnectionDownloads({ projectId }: { projectId: string }) {
  const [pending, setPending] = useState<ConnectionFileKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: ConnectionFileKind) => {
    setPending(kind);
    setError(null);
    try {
      await downloadConnectionFile(projectId, kind);
    } catch (failure) {
      setError(`Download failed: ${getErrorMessage(failure)}`);
    } finally {
      setPending(null);
    }
  };
  return (
    <section aria-labelledby="downloads-heading" className="grid grid-cols-1 gap-2 rounded-md border p-4">
      <h3 id="downloads-heading" className="font-semibold">
        Connection files
      </h3>
      <p className="text-sm text-muted-foreground">
        Open one in the BI tool and it connects to this feed directly.
      </p>
      <div className="flex flex-wrap gap-2">
        {files.map((file) => (
          <Button
            key={file.kind}
            variant="outline"
            className="h-auto min-h-10 whitespace-normal text-left"
            disabled={pending !== null}
            onClick={() => void download(file.kind)}
          >
            <Download aria-hidden="true" />
            {pending === file.kind ? 'Downloading...' : file.label}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}
