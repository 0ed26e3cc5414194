import type { PublishingDeps } from './model-publishing';
import { retentionWindow } from './model-publishing';
import type { ProjectDoc } from './project-model';
import { modelsOf, projectDocs } from './project-switch';
import { applyRetention, inSnapshotWindow } from './version-retention';

/** Models pruned per pass: a pass is a few short queries per model, never a walk over every project's history. */
const SWEEP_MODELS = 50;

/**
 * Store.pruneSuperseded on MongoDB: applies retention to the models whose snapshot window (issue 19.2) ended by
 * `now` and which hold more ready versions than their project keeps, at most SWEEP_MODELS per pass. Only projects
 * with a retention setting are read, and of their versions only the retained ready ones (a handful per model).
 * Resolves to the versions pruned.
 */
export async function pruneSupersededVersions(deps: PublishingDeps, now = Date.now()): Promise<number> {
  const window = retentionWindow(deps, now);
  const projects = await projectDocs(deps.projects)
    .find({ retention: { $ne: null } }, { projection: { _id: 1, retention: 1, models: 1, version: 1 } })
    .toArray();
  const over = projects.flatMap((doc) =>
    modelsOf(doc as ProjectDoc)
      .filter((m) => m.switchedAt && !inSnapshotWindow(m.switchedAt, window))
      .map((model) => ({ projectId: doc._id, retention: doc.retention as number, model })),
  );
  if (!over.length) return 0;
  const kept = await deps.versions
    .find(
      { projectId: { $in: [...new Set(over.map((o) => o.projectId))] }, status: 'ready', retained: true },
      { projection: { _id: 0, projectId: 1, modelId: 1 } },
    )
    .toArray();
  const held = new Map<string, number>();
  for (const v of kept)
    held.set(`${v.projectId}\n${v.modelId}`, (held.get(`${v.projectId}\n${v.modelId}`) ?? 0) + 1);
  // More ready versions held than retention keeps (the published one may be among those kept): something to prune.
  const due = over
    .filter((o) => (held.get(`${o.projectId}\n${o.model.id}`) ?? 0) > o.retention)
    .slice(0, SWEEP_MODELS);
  let pruned = 0;
  for (const { projectId, retention, model } of due) {
    const versions = await applyRetention(
      deps,
      {
        projectId,
        modelId: model.id,
        publishedVersion: model.publishedVersion,
        retention,
        switchedAt: model.switchedAt ?? null,
      },
      window,
    );
    pruned += versions.length;
  }
  return pruned;
}
