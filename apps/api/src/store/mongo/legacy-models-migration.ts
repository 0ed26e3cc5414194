import type { PublishingDeps } from './model-publishing';
import { refreshModelViews } from './model-feed-views';
import type { ProjectDoc } from './project-model';
import { projectDocs, switchProject } from './project-switch';
import type { VersionDoc } from './version-docs';

/**
 * Projects published before models existed (issue 15) get their default model (id = project id, the project's
 * name) with their published version as its version 1, and their rows the model columns: ModelId, ModelName,
 * VersionNumber 1, and ChangedAt = when the project was processed. Their element keys stay as they were. Rows
 * first, the project's models last: that marks the project done, and a run cut short is simply run again at the
 * next start-up (every step can be repeated).
 */
export async function migrateLegacyProjects(deps: PublishingDeps): Promise<number> {
  const legacy = await projectDocs(deps.projects)
    .find({ models: { $exists: false }, version: { $gt: 0 } })
    .toArray();
  for (const doc of legacy) {
    await migrate(deps, doc);
    await refreshModelViews(deps, doc._id);
  }
  return legacy.length;
}

async function migrate(deps: PublishingDeps, doc: ProjectDoc) {
  const projectId = doc._id;
  const version = doc.version;
  const changedAt = doc.processedAt ?? doc.createdAt;
  if (!(await deps.versions.findOne({ projectId, version }))) {
    const record: VersionDoc = {
      projectId,
      modelId: projectId,
      version,
      number: 1,
      fileName: doc.fileName,
      fileSize: doc.fileSize,
      uploaderId: doc.ownerId ?? null,
      status: 'ready',
      error: null,
      ifcSchema: doc.ifcSchema ?? null,
      elementCount: doc.elementCount,
      propertyCount: doc.propertyCount,
      spatialCount: doc.spatialCount,
      countsByType: doc.countsByType,
      countsByStorey: doc.countsByStorey,
      createdAt: doc.createdAt,
      processedAt: doc.processedAt,
      processingMs: null,
      retained: true,
      warnings: [],
      changes: null,
    };
    await deps.versions.insertOne(record);
  }
  const key = { projectId, version };
  const model = { ModelId: projectId, ModelName: doc.name, VersionNumber: 1 };
  const { elements, properties, spatial, wide } = deps.rows;
  await Promise.all([
    elements.updateMany(key, { $set: { ...model, ChangedAt: changedAt } }),
    wide.updateMany(key, { $set: { ...model, ChangedAt: changedAt } }),
    properties.updateMany(key, { $set: model }),
    spatial.updateMany(key, { $set: model }),
  ]);
  await switchProject(deps.projects, projectId, async (current) =>
    current.models
      ? null
      : {
          set: {
            models: [
              {
                id: projectId,
                name: current.name,
                publishedVersion: current.version,
                createdAt: current.createdAt,
                lastNumber: 1,
              },
            ],
          },
          result: true,
        },
  );
}
