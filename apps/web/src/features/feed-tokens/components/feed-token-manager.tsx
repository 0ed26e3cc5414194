import type { CreatedFeedToken } from '@aec/contracts';
import {
  FEED_TOKEN_NAME_TAKEN as NAME_TAKEN,
  createFeedTokenRequestSchema,
  usernameRuleProblem,
} from '@aec/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldErrorProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { describeApiError } from '@/lib/api-client';
import { useCreateFeedToken } from '@/lib/api/feed-tokens';
import { FeedTokenList } from './feed-token-list';
import { NewTokenSecret } from './new-token-secret';

/** Settings → Feed tokens: BI tools sign in with the account username and one of these (HTTP Basic). */
export function FeedTokenManager({ username, serviceRoot }: { username: string; serviceRoot: string }) {
  const create = useCreateFeedToken();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedFeedToken | null>(null);
  // HTTP Basic cannot carry every older username (a ':' ends it): such a token would never be accepted.
  const nameProblem = username ? usernameRuleProblem(username) : null;
  // The server's refusal of a name already used is the field's error, next to the name to change; any other failure
  // is said below the form.
  const failure = create.isError ? describeApiError(create.error) : null;
  const failureText = failure ? (failure.serverText ?? failure.message) : undefined;
  const nameTaken = failure?.serverCode === NAME_TAKEN;
  const fieldError = nameError ?? (nameTaken ? failureText : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createFeedTokenRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
      },
    });
  };

  return (
    <Card role="region" aria-label="Feed tokens">
      <CardHeader>
        <CardTitle className="text-lg">Feed tokens</CardTitle>
        <CardDescription>
          Tableau, Power BI and Excel connect with HTTP Basic authentication: username{' '}
          <strong className="[overflow-wrap:anywhere]">{username}</strong> and a feed token as the password.
          Feed root: <code className="break-all text-xs">{serviceRoot}</code>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {nameProblem ? (
          <Alert variant="destructive" role="status" data-testid="username-rule-notice">
            <AlertDescription>
              BI tools cannot sign in as &quot;{username}&quot;: {nameProblem}. Rename your account in the
              Profile card first; your feed tokens keep working under the new name.
            </AlertDescription>
          </Alert>
        ) : null}
        {created ? <NewTokenSecret created={created} onDone={() => setCreated(null)} /> : null}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Create feed token">
          <div className="min-w-60 flex-1">
            <FormField id="feed-token-name" label="Token name" error={fieldError}>
              <Input
                id="feed-token-name"
                value={name}
                maxLength={80}
                placeholder="e.g. Tableau on my laptop"
                onChange={(event) => setName(event.target.value)}
                {...fieldErrorProps('feed-token-name', fieldError)}
              />
            </FormField>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </form>
        {failure && !nameTaken ? (
          <Alert variant="destructive">
            <AlertDescription>{failureText}</AlertDescription>
          </Alert>
        ) : null}
        <FeedTokenList />
      </CardContent>
    </Card>
  );
}
