import type { WideSetState } from '@aec/contracts';
import type { PreparationFailure, ProjectRecord, Store } from '../../../store/types';
import { isDiskFull } from '../disk-full';

/**
 * Attempts at a version's post-publish step (wide element set; on SQLite also the JSON check) before it counts as
 * failed: the first right after publishing, then retries. A failed step is not tried again for that version, not
 * even by the start-up pass; uploading the model again starts a new version with new attempts.
 */
export const MAX_PREPARATION_ATTEMPTS = 3;

/** Pause before retry n of a post-publish step (n × this): a passing cause (disk full, a lock held too long) gets time to clear. */
export const RETRY_DELAY_MS = 2_000;

/** What a failure is recorded and shown as: its message's first line, bounded; a full disk in words a user reads. */
export function failureReason(err: unknown): string {
  if (isDiskFull(err)) return 'the server ran out of disk space';
  const text = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();
  return (text || 'unknown error').slice(0, 300);
}

/**
 * The post-publish state of a project's published version as the API shows it: null until a version is published,
 * then preparing (with the failed attempts so far), ready, or failed with the last reason.
 */
export async function wideSetState(store: Store, project: ProjectRecord): Promise<WideSetState | null> {
  if (project.status !== 'ready' || project.version === 0) return null;
  if (await store.rows.wideCatalog(project.id, project.version)) {
    return { status: 'ready', attempts: 0, error: null };
  }
  const failure = await store.rows.preparationFailure(project.id, project.version);
  if (failure && failure.attempts >= MAX_PREPARATION_ATTEMPTS) {
    return { status: 'failed', attempts: failure.attempts, error: failure.error };
  }
  return { status: 'preparing', attempts: failure?.attempts ?? 0, error: failure?.error ?? null };
}

/** The version's failure once its attempts are used up (null while it may still be built, or when it was). */
export async function finalPreparationFailure(
  store: Store,
  projectId: string,
  version: number,
): Promise<PreparationFailure | null> {
  const failure = await store.rows.preparationFailure(projectId, version);
  return failure && failure.attempts >= MAX_PREPARATION_ATTEMPTS ? failure : null;
}
