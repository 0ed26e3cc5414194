export type RetentionMode = 'all' | 'last';
export type RetentionParse = { ok: true; value: number | null } | { ok: false; error: string };

export const RETENTION_MAX = 100;

/** The form's two inputs → the value PATCH /api/ifc/projects/:projectId takes (null = keep all). */
export function parseRetention(mode: RetentionMode, text: string): RetentionParse {
  if (mode === 'all') return { ok: true, value: null };
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > RETENTION_MAX) {
    return { ok: false, error: `Enter a whole number of versions from 1 to ${RETENTION_MAX}` };
  }
  return { ok: true, value };
}

export function describeRetention(retention: number | null): string {
  if (retention === null) return 'Every version is kept.';
  if (retention === 1) return 'Only the latest version of each model is kept.';
  return `The last ${retention} versions of each model are kept.`;
}
