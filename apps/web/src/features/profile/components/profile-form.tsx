import {
  updateUserRequestSchema,
  usernameRuleProblem,
  type PublicUser,
  type UpdateUserRequest,
} from '@aec/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CircleCheck, Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { describeApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldErrorProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This cannot be undone.';

type Field = keyof UpdateUserRequest;
type Props = { user: PublicUser; onSaved: () => Promise<unknown>; onDeleted: () => void };

export function ProfileForm({ user, onSaved, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [values, setValues] = useState<UpdateUserRequest>({ username: user.username, email: user.email });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const busy = update.isPending || remove.isPending;
  // An account named before today's rule keeps working, but BI tools cannot sign in with its name.
  const nameProblem = usernameRuleProblem(user.username);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const parsed = updateUserRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      setNotice({ kind: 'success', text: 'Profile updated!' });
      await Promise.all([onSaved(), queryClient.invalidateQueries({ queryKey: ['profile'] })]);
    } catch (err) {
      setNotice({ kind: 'error', text: describeApiError(err).serverText ?? 'Update failed' });
    }
  }

  async function onDelete() {
    if (busy || !window.confirm(DELETE_CONFIRMATION)) return;
    setNotice(null);
    try {
      await remove.mutateAsync();
      onDeleted();
    } catch (err) {
      setNotice({ kind: 'error', text: describeApiError(err).serverText ?? 'Delete failed' });
    }
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>
            Signed in as {user.username}. Update your account details or delete your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {notice ? (
            <Alert variant={notice.kind === 'success' ? 'success' : 'destructive'}>
              {notice.kind === 'success' ? (
                <CircleCheck aria-hidden="true" />
              ) : (
                <AlertCircle aria-hidden="true" />
              )}
              <AlertDescription>{notice.text}</AlertDescription>
            </Alert>
          ) : null}
          {nameProblem ? (
            <Alert data-testid="username-rule-notice">
              <Info aria-hidden="true" />
              <AlertDescription>
                Your username &quot;{user.username}&quot; no longer meets the rules, so BI tools cannot sign
                in with it: {nameProblem}. Choose a new username below and save; then log in with the new
                name.
              </AlertDescription>
            </Alert>
          ) : null}
          <FormField id="profile-username" label="Username" error={errors.username}>
            <Input
              id="profile-username"
              name="username"
              autoComplete="username"
              required
              minLength={3}
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
              {...fieldErrorProps('profile-username', errors.username)}
            />
          </FormField>
          <FormField id="profile-email" label="Email" error={errors.email}>
            <Input
              id="profile-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              {...fieldErrorProps('profile-email', errors.email)}
            />
          </FormField>
        </CardContent>
        <CardFooter className="flex-wrap justify-between">
          <Button type="submit" disabled={busy}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => void onDelete()}>
            {remove.isPending ? 'Deleting...' : 'Delete Account'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
