import type { mongo } from 'mongoose';
import { updateVersionDoc, type PublishingDeps } from './model-publishing';
import { modelsOf, projectDocs } from './project-switch';
import type { VersionDoc } from './version-docs';
import { caseShadowsOf, MODEL_VIEW_TEXT, PROJECT_TEXT, staleCaseShadows, VERSION_TEXT } from './case-shadows';
import { documentWrite } from './whole-document-writes';

export const MODELS_VIEW = 'ifc_models';

/** One row of the feed's Models set; fields named as its columns. */
export interface ModelViewDoc {
  projectId: string;
  ModelId: string;
  Name: string;
  LatestVersionNumber: number | null;
  VersionCount: number;
  CreatedAt: Date;
}

/** The Versions set's columns that are not stored as such on a version record (see refreshModelViews). */
export interface VersionViewFields {
  ModelName: string;
  IsLatest: boolean;
  ProcessingSeconds: number | null;
  Added: number | null;
  Removed: number | null;
  Modified: number | null;
  PropertyValuesChanged: number | null;
}

export async function openModelsView(db: mongo.Db): Promise<mongo.Collection<ModelViewDoc>> {
  const view = db.collection<ModelViewDoc>(MODELS_VIEW);
  await view.createIndex({ projectId: 1, ModelId: 1 }, { unique: true, name: 'ifc_models_key' });
  return view;
}

/**
 * The feed reads Models and Versions as documents it can filter, sort and page on the server, but the models live
 * inside project documents and some Versions columns derive from other records (IsLatest from the model's
 * published version, ModelName from the model, the change counts from the summary). This rewrites those derived
 * documents and fields of one project from the records, after every change of them: a reader may see them a few
 * milliseconds behind the records, never inconsistent with them for longer.
 */
export async function refreshModelViews(deps: PublishingDeps, projectId: string): Promise<void> {
  const project = await projectDocs(deps.projects).findOne({ _id: projectId });
  const models = project ? modelsOf(project) : [];
  // The project's text copies follow its fields (a publish or rollback rewrites its file name and schema).
  const projectCopies =
    project && staleCaseShadows(project as unknown as Record<string, unknown>, PROJECT_TEXT);
  if (projectCopies)
    await documentWrite(deps.db, 'projects', () =>
      projectDocs(deps.projects).updateOne({ _id: projectId }, { $set: projectCopies }),
    );
  const versions = await deps.versions.find({ projectId }).toArray();
  const byModel = new Map<string, VersionDoc[]>();
  for (const v of versions) {
    const list = byModel.get(v.modelId);
    if (list) list.push(v);
    else byModel.set(v.modelId, [v]);
  }
  await deps.modelsView.deleteMany({ projectId, ModelId: { $nin: models.map((m) => m.id) } });
  for (const m of models) {
    const own = byModel.get(m.id) ?? [];
    const published = own.find((v) => v.version === m.publishedVersion);
    const view: ModelViewDoc = {
      projectId,
      ModelId: m.id,
      Name: m.name,
      LatestVersionNumber: published ? published.number : null,
      VersionCount: own.length,
      CreatedAt: m.createdAt,
    };
    await deps.modelsView.replaceOne(
      { projectId, ModelId: m.id },
      { ...view, ...caseShadowsOf(view as unknown as Record<string, unknown>, MODEL_VIEW_TEXT) },
      { upsert: true },
    );
    for (const v of own) {
      const fields: VersionViewFields = {
        ModelName: m.name,
        IsLatest: v.version === m.publishedVersion,
        ProcessingSeconds:
          v.processingMs === null || v.processingMs === undefined ? null : v.processingMs / 1000,
        Added: v.changes?.status === 'ready' ? v.changes.added : null,
        Removed: v.changes?.status === 'ready' ? v.changes.removed : null,
        Modified: v.changes?.status === 'ready' ? v.changes.modified : null,
        PropertyValuesChanged: v.changes?.status === 'ready' ? v.changes.propertyValuesChanged : null,
      };
      const current = v as unknown as Partial<VersionViewFields>;
      // With the version's text copies (ModelName among them) as they should be now.
      const copies = staleCaseShadows(
        { ...v, ...fields } as unknown as Record<string, unknown>,
        VERSION_TEXT,
      );
      if (
        copies ||
        (Object.keys(fields) as (keyof VersionViewFields)[]).some((k) => current[k] !== fields[k])
      )
        await updateVersionDoc(deps, { projectId, version: v.version }, { $set: { ...fields, ...copies } });
    }
  }
}
