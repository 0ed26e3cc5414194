import { z } from 'zod';
import { emailSchema } from './auth';

export const newsletterRequestSchema = z.object({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ message: z.enum(['Subscribed', 'Already subscribed']) });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
