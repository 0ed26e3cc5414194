import { z } from 'zod';
import { hasControlCharacters } from './plain-text';

export const createFeedTokenRequestSchema = z.object({
  name: z
    .string({ error: 'Name must be a string' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(80, { error: 'Name must be at most 80 characters' })
    .refine((name) => !hasControlCharacters(name), {
      error: 'Name cannot hold control characters (tabs, line breaks, text-direction controls)',
    }),
});
/** The error code of a create request naming a token the user already has (409): the form shows it at the name. */
export const FEED_TOKEN_NAME_TAKEN = 'FEED_TOKEN_NAME_TAKEN';

export type CreateFeedTokenRequest = z.infer<typeof createFeedTokenRequestSchema>;

export const feedTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type FeedToken = z.infer<typeof feedTokenSchema>;

/** The only response that carries the secret: it is shown once. */
export const createdFeedTokenSchema = feedTokenSchema.extend({ token: z.string() });
export type CreatedFeedToken = z.infer<typeof createdFeedTokenSchema>;

export const feedTokenListSchema = z.object({ tokens: z.array(feedTokenSchema) });
export type FeedTokenList = z.infer<typeof feedTokenListSchema>;
