import { z } from 'zod';

/** Every REST error body: the spec's client reads `error` as the text to show. */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
