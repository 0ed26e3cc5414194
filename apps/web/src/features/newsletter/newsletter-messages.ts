import { emailSchema } from '@aec/contracts';
import type { SubscribeResult } from './api/subscribe-newsletter';

/** Client-side check with the shared contract, so the browser and the API reject the same input. */
export function validateNewsletterEmail(
  raw: string,
): { ok: true; email: string } | { ok: false; error: string } {
  const parsed = emailSchema.safeParse(raw);
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Email must be a valid email address' };
}

export function successMessage(result: SubscribeResult, email: string): string {
  return result.status === 'created'
    ? `Subscribed! New articles will arrive at ${email}.`
    : `Already subscribed: ${email} is on the list.`;
}
