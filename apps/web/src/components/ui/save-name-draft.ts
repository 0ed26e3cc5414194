import type { z } from 'zod';
import { getErrorMessage } from '@/lib/api-client';

/**
 * What Save does with a name being edited in place: the draft is checked (and trimmed) by the schema the server
 * checks it with, so a refused name is never sent; an unchanged name is not sent either; otherwise `save` sends it.
 * Resolves to the refusal to show under the field (the schema's first message, or the server's words), or null once
 * the field may close.
 */
export async function saveNameDraft({
  draft,
  name,
  schema,
  save,
}: {
  draft: string;
  name: string;
  schema: z.ZodType<string, string>;
  save: (name: string) => Promise<unknown>;
}): Promise<string | null> {
  const parsed = schema.safeParse(draft);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Enter a name';
  if (parsed.data === name) return null;
  try {
    await save(parsed.data);
    return null;
  } catch (error) {
    return getErrorMessage(error);
  }
}
