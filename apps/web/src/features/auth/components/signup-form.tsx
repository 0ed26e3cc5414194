import { registerRequestSchema, type RegisterRequest } from '@aec/contracts';
import { AlertCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useAuth } from '../hooks/use-auth';
import { fieldErrors } from '@/lib/field-errors';

type Field = keyof RegisterRequest;

export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const { register, login } = useAuth();
  const [values, setValues] = useState<RegisterRequest>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = registerRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await register(parsed.data);
      // Spec §2 Signup: the new account is logged in with the same credentials.
      await login(parsed.data.username, parsed.data.password);
      onSuccess();
    } catch (err) {
      setError(describeApiError(err).serverText ?? 'Signup failed');
      setBusy(false);
    }
  }

  const field = (name: Field) => ({
    id: `signup-${name}`,
    name,
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    ...fieldErrorProps(`signup-${name}`, errors[name]),
  });

  return (
    // noValidate: the contract schema gives the messages, so the browser's own bubbles stay out of the way.
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="signup-username" label="Username" error={errors.username}>
        <Input {...field('username')} autoComplete="username" minLength={3} />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email}>
        <Input {...field('email')} type="email" autoComplete="email" />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password}>
        <PasswordInput {...field('password')} autoComplete="new-password" minLength={6} />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing up...' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
