import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { getErrorMessage } from '@/lib/api-client';
import { feedTokensQueryOptions, useCreateFeedToken } from '@/lib/api/feed-tokens';
import { freeFeedTokenName } from '../feed-token-name';

/**
 * BI tools sign in to the feed with Basic authentication: the account's username and a feed
 * token as the password. The token is shown once, right here; only its name is kept listed.
 */
export function FeedTokenPanel({ username, fileName }: { username: string | null; fileName: string }) {
  const create = useCreateFeedToken();
  const queryClient = useQueryClient();
  // Names are unique per account: a new version of the same file gets "… (2)" rather than a refusal.
  const createToken = async () => {
    const tokens = await queryClient.fetchQuery(feedTokensQueryOptions()).catch(() => []);
    create.mutate({
      name: freeFeedTokenName(
        fileName,
        tokens.map((token) => token.name),
      ),
    });
  };
  return (
    <section aria-labelledby="feed-auth-heading" className="grid grid-cols-1 gap-2 rounded-md border p-4">
      <h3 id="feed-auth-heading" className="font-semibold">
        How to authenticate
      </h3>
      <p className="text-sm text-muted-foreground">
        In Tableau or Power BI choose <strong>Basic</strong> / <strong>Username and Password</strong>.
        Username:{' '}
        <code className="break-all rounded bg-muted px-1">{username ?? 'your account username'}</code>.
        Password: a feed token (never your account password).
      </p>
      {create.data ? (
        <div className="grid grid-cols-1 gap-2" role="status">
          <p className="text-sm font-medium [overflow-wrap:anywhere]">
            Feed token “{create.data.name}” — copy it now, it is shown only once:
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="feed-token"
              className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-sm"
            >
              {create.data.token}
            </code>
            <CopyButton text={create.data.token} label="Copy token" />
          </div>
        </div>
      ) : (
        <div>
          <Button variant="outline" onClick={() => void createToken()} disabled={create.isPending}>
            <KeyRound aria-hidden="true" />
            {create.isPending ? 'Creating token...' : 'Create feed token'}
          </Button>
        </div>
      )}
      {create.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not create a feed token: {getErrorMessage(create.error)}
        </p>
      ) : null}
    </section>
  );
}
