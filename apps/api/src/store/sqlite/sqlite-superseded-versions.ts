import type { SqliteDb } from './database';

/** The snapshot window when the store is opened without one (SNAPSHOT_GRACE_MINUTES' default). */
export const DEFAULT_SNAPSHOT_GRACE_MINUTES = 30;

/** Models swept per pass: a pass is a few short write transactions, never a scan of the whole history. */
const SWEEP_MODELS = 50;

/**
 * The snapshot window (issue 19.2): when a model's published version changes, the version it replaces is stamped
 * `superseded_at`, and the model's versions all keep their rows at least `graceMinutes` after that whatever the
 * project's retention says, so that a BI pull that began before the switch can finish: on the elements (its page
 * links pin the replaced version, snapshot-pins.ts) or on the change sets (which read every kept version). Retention
 * then applies: at the next publish of the model or when the periodic sweep (Store.pruneSuperseded) finds the
 * window over.
 */
export function createSqliteSupersededVersions(db: SqliteDb, graceMinutes: number) {
  const graceMs = graceMinutes * 60_000;
  const published = db.prepare('SELECT published_version FROM models WHERE id = ? AND project_id = ?');
  const stamp = db.prepare('UPDATE versions SET superseded_at = ? WHERE project_id = ? AND version = ?');
  // Models holding a version that retention would prune but the window kept: ranked like applyRetention ranks (ready
  // versions by number, newest first), still retained, not the published one, in a model whose latest switch (the
  // newest superseded_at of its versions) is before the cutoff.
  const windowOver = db.prepare(
    `SELECT DISTINCT project_id, model_id FROM (
       SELECT v.project_id, v.model_id, v.version, v.retained, p.retention, m.published_version,
         ROW_NUMBER() OVER (PARTITION BY v.project_id, v.model_id ORDER BY v.number DESC) AS rank,
         (SELECT MAX(s.superseded_at) FROM versions s
          WHERE s.project_id = v.project_id AND s.model_id = v.model_id) AS last_switch
       FROM versions v JOIN projects p ON p.id = v.project_id
       JOIN models m ON m.id = v.model_id AND m.project_id = v.project_id
       WHERE v.status = 'ready' AND p.retention IS NOT NULL)
     WHERE rank > retention AND retained = 1 AND version <> published_version
       AND last_switch IS NOT NULL AND last_switch <= ?
     LIMIT ${SWEEP_MODELS}`,
  );

  return {
    /** Runs `change` (which may move the model's published version) and stamps the version it replaced. */
    switching<T>(projectId: string, modelId: string, change: () => T): T {
      const before = (published.get(modelId, projectId) as { published_version: number } | undefined)
        ?.published_version;
      const result = change();
      const after = (published.get(modelId, projectId) as { published_version: number } | undefined)
        ?.published_version;
      if (before !== undefined && after !== undefined && before !== after) {
        if (before > 0) stamp.run(new Date().toISOString(), projectId, before);
        // Published again (a rollback): it serves now, no window runs for it.
        stamp.run(null, projectId, after);
      }
      return result;
    },
    /** When the model last switched its published version: the newest `superseded_at` of its versions, or null. */
    lastSwitch(versions: readonly { superseded_at: string | null }[]): string | null {
      return versions.reduce<string | null>(
        (latest, v) =>
          v.superseded_at !== null && (latest === null || v.superseded_at > latest)
            ? v.superseded_at
            : latest,
        null,
      );
    },
    /** Whether retention must still wait for a model that switched at `supersededAt` (ISO text or null). */
    inWindow(supersededAt: string | null, now = Date.now()): boolean {
      return supersededAt !== null && Date.parse(supersededAt) > now - graceMs;
    },
    /** Applies retention to models with a version whose window ended by `now`; resolves to the versions pruned. */
    sweep(now: number, applyRetention: (projectId: string, modelId: string, now: number) => number): number {
      const cutoff = new Date(now - graceMs).toISOString();
      let pruned = 0;
      for (const m of windowOver.all(cutoff) as { project_id: string; model_id: string }[])
        pruned += applyRetention(m.project_id, m.model_id, now);
      return pruned;
    },
  };
}

export type SqliteSupersededVersions = ReturnType<typeof createSqliteSupersededVersions>;
