import type { PublishSummary } from '../store/types';
import { modelStoreFixture, mongoStoreWithConnection } from './model-store';
import { elementRow, propertyRow } from './row-fixtures';

/**
 * The MongoDB model suites' setup (use inside a describe that runs only with mongoTestUri): a throwaway database,
 * the store on it and a direct connection (row documents carry fields the store does not return), an owner,
 * projects with their default model, and versions written and published as the pipeline does.
 */
export function mongoModelFixture(dbPrefix: string) {
  const mongo = mongoStoreWithConnection(dbPrefix);
  const f = modelStoreFixture(mongo.open, mongo.dispose);
  /** What publish records for `elementCount` elements of one type on one storey, two properties each. */
  const summary = (elementCount: number, type = 'IfcWall', storey = 'Level 1'): PublishSummary => ({
    schema: 'IFC4',
    elementCount,
    propertyCount: elementCount * 2,
    spatialCount: 1,
    countsByType: { [type]: elementCount },
    countsByStorey: { [storey]: elementCount },
  });
  return {
    get store() {
      return f.store;
    },
    get ownerId() {
      return f.ownerId;
    },
    get conn() {
      return mongo.conn;
    },
    summary,
    upload: f.upload,
    /** The stored documents of one row version in `collection`, without _id. */
    rowDocs: (collection: string, projectId: string, version: number) =>
      mongo.conn
        .db!.collection(collection)
        .find({ projectId, version }, { projection: { _id: 0 } })
        .toArray(),
    newProject: async (name = 'Büro Ø 3') => (await f.newProject(name)).project,
    newVersion: (projectId: string, modelId: string, fileName = 'a.ifc') =>
      f.createVersion(projectId, { modelId, fileName, fileSize: 5 }),
    /** A version with `n` elements (and one property) written and published. */
    publishedVersion: (projectId: string, modelId: string, n: number, type = 'IfcWall') =>
      f.upload(
        projectId,
        {
          elements: Array.from({ length: n }, (_, i) => elementRow(i + 1, { IfcType: type })),
          properties: [propertyRow(1)],
        },
        { modelId, fileName: `${modelId}-${n}.ifc`, fileSize: 5, summary: summary(n, type) },
      ),
    /** The project's stamp (processedAt). */
    stamp: async (id: string) => (await f.store.projects.findById(id))!.processedAt,
  };
}
