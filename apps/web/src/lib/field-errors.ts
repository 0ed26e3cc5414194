import type { z } from 'zod';

/** First message per top-level field, the shape the forms render under each input. */
export function fieldErrors<T extends string>(error: z.ZodError): Partial<Record<T, string>> {
  const result: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && result[field] === undefined) result[field] = issue.message;
  }
  return result as Partial<Record<T, string>>;
}
