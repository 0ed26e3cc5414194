import type { CreatedFeedToken } from '@aec/contracts';
import { KeyRound } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** The secret exists only in this response: say so, offer a copy, and let the user dismiss it. */
export function NewTokenSecret({ created, onDone }: { created: CreatedFeedToken; onDone: () => void }) {
  return (
    <Alert variant="success" role="status">
      <KeyRound aria-hidden="true" />
      <AlertTitle>Token “{created.name}” created</AlertTitle>
      <AlertDescription className="grid gap-2 text-foreground">
        <p>Copy it now: it is shown only once and cannot be retrieved later.</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="break-all rounded bg-muted px-2 py-1 font-mono text-xs"
            data-testid="new-feed-token"
          >
            {created.token}
          </code>
          <CopyButton text={created.token} label="Copy token" />
          <Button variant="ghost" size="sm" onClick={onDone}>
            I have copied it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
