import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { useFeedTokens } from '@/lib/api/feed-tokens';
import { useRevokeFeedToken } from '@/lib/api/feed-tokens';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const format = (iso: string | null) => (iso ? when.format(new Date(iso)) : 'Never');

export function FeedTokenList() {
  const tokens = useFeedTokens();
  const revoke = useRevokeFeedToken();
  const confirmation = useConfirmation<{ id: string; name: string }>();
  const { subject: confirming, error } = confirmation;
  const onRevoke = (id: string, name: string) => confirmation.ask({ id, name });
  const confirmRevoke = () => {
    if (confirming) revoke.mutate(confirming.id, confirmation.settled);
  };
  return (
    <QueryState query={tokens} loadingLabel="Loading tokens..." errorTitle="Could not load your feed tokens">
      {(list) => (
        <div className="grid gap-2">
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No feed tokens yet.</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Your feed tokens">
              {list.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-medium [overflow-wrap:anywhere]">{token.name}</p>
                    <p className="text-xs text-muted-foreground">
                      Created {format(token.createdAt)} · last used {format(token.lastUsedAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    disabled={revoke.isPending}
                    onClick={() => onRevoke(token.id, token.name)}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ConfirmDialog
            {...confirmation.dialog()}
            title={`Revoke ${confirming?.name ?? 'this token'}?`}
            description="Tools signing in with it are refused from their next request on. This cannot be undone; create a new token for them instead."
            confirmLabel="Revoke token"
            destructive
            busy={revoke.isPending}
            onConfirm={confirmRevoke}
          />
        </div>
      )}
    </QueryState>
  );
}
