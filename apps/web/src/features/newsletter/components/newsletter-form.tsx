import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { successMessage, validateNewsletterEmail } from '../newsletter-messages';

export function NewsletterForm() {
  const id = useId();
  const inputId = `${id}-email`;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [subscribedAs, setSubscribedAs] = useState('');
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateNewsletterEmail(email);
    if (!checked.ok) {
      subscribe.reset();
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    setSubscribedAs(checked.email);
    subscribe.mutate(checked.email);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex items-start gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-md bg-accent text-primary sm:flex">
          <Mail aria-hidden="true" className="size-5" />
        </span>
        <div className="grid flex-1 gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-semibold">
              Subscribe to our newsletter
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              One email when a new article is out: IFC, OData and BI workflows for AEC teams. Unsubscribe any
              time.
            </p>
          </div>
          <form noValidate onSubmit={onSubmit} aria-label="Newsletter" className="grid gap-2">
            <Label htmlFor={inputId}>Email address</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setFieldError(undefined);
                }}
                {...fieldErrorProps(inputId, fieldError)}
              />
              <Button type="submit" disabled={subscribe.isPending} className="sm:w-36">
                {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
              </Button>
            </div>
            {fieldError ? (
              <p id={`${inputId}-error`} className="text-sm text-destructive">
                {fieldError}
              </p>
            ) : null}
          </form>
          {subscribe.isSuccess ? (
            <Alert variant="success">{successMessage(subscribe.data, subscribedAs)}</Alert>
          ) : null}
          {subscribe.isError ? <Alert variant="destructive">{getErrorMessage(subscribe.error)}</Alert> : null}
        </div>
      </div>
    </section>
  );
}
