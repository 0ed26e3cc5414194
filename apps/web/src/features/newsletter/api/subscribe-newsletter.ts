import type { NewsletterRequest, NewsletterResponse } from '@aec/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SubscribeResult = {
  /** 201 for a new address, 200 when it was already on the list. */
  status: 'created' | 'exists';
  message: NewsletterResponse['message'];
};

/** POST /api/newsletter {email}: 201 Subscribed, 200 Already subscribed, 400 invalid email. */
export async function subscribeNewsletter(email: string): Promise<SubscribeResult> {
  const body: NewsletterRequest = { email };
  const response = await api.post<NewsletterResponse>('/api/newsletter', body);
  return { status: response.status === 201 ? 'created' : 'exists', message: response.data.message };
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
