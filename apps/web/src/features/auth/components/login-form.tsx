import { AlertCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useAuth } from '../hooks/use-auth';
import { loginErrorMessage, suggestsSignup } from '../utils/login-error-message';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { login } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    // Spec §5: ignored when blank after trimming; the password itself is sent as typed.
    if (busy || !name || !password.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await login(name, password);
      onSuccess();
    } catch (err) {
      setError(loginErrorMessage(describeApiError(err)));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="login-username" label="Username">
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setError(null);
          }}
        />
      </FormField>
      <FormField id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Logging in...' : 'Login'}
      </Button>
      {suggestsSignup(error) ? (
        <div className="rounded-md border bg-muted p-4 text-sm" data-testid="signup-suggestion">
          <p className="font-medium">Don&apos;t have an account yet?</p>
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link to={paths.signup}>Create Account</Link>
          </Button>
        </div>
      ) : (
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{' '}
          <Link to={paths.signup} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      )}
    </form>
  );
}
