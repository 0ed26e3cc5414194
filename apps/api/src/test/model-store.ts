import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type {
  ModelRecord,
  ProjectRecord,
  PublishSummary,
  RowBatch,
  Store,
  VersionRecord,
} from '../store/types';
import { createMongoStore } from '../store/mongo/mongo-store';
import { mongoTestUri, uniqueDbName } from './mongo-test-uri';
import { elementRow, propertyRow, spatialRow } from './row-fixtures';

/** Later than the default snapshot window (SNAPSHOT_GRACE_MINUTES, 30) after now: retention may prune by then. */
export const PAST_SNAPSHOT_WINDOW = 31 * 60_000;

export interface VersionOptions {
  /** The model the version belongs to; the project's default model (id = project id) when absent. */
  modelId?: string;
  fileName?: string;
  fileSize?: number;
  schema?: string | null;
  /** The uploader recorded on the version; the fixture's owner when absent. */
  uploaderId?: string | null;
}

export interface UploadOptions extends VersionOptions {
  /** ModelName written on the rows; the model's stored name when absent. */
  modelName?: string;
  /** ChangedAt written on the rows; the version's upload time when absent (as the pipeline writes it). */
  changedAt?: string;
  /** What publish records; counted from the rows when absent. */
  summary?: PublishSummary;
}

/**
 * The setup every store suite on models and versions shares: an open store, an owner, projects with their default
 * model as the upload service makes them, and versions written and published as the job pipeline does.
 */
export interface ModelStoreFixture {
  readonly store: Store;
  readonly ownerId: string;
  newProject(name?: string): Promise<{ project: ProjectRecord; model: ModelRecord }>;
  /** A queued version record (the next number of its model, a new row version). */
  createVersion(projectId: string, options?: VersionOptions): Promise<VersionRecord>;
  /** A version's rows written, then published; resolves to the version record as stored after the publish. */
  upload(projectId: string, rows: RowBatch, options?: UploadOptions): Promise<VersionRecord>;
}

/** Registers beforeAll/afterAll that open a store (and an owner) and dispose of it; use inside a describe. */
export function modelStoreFixture(
  open: () => Promise<Store>,
  dispose: (store: Store) => Promise<void>,
): ModelStoreFixture {
  let store: Store | undefined;
  let ownerId: string | undefined;
  beforeAll(async () => {
    store = await open();
    const owner = await store.users.create({
      username: `owner_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    ownerId = owner.id;
  });
  afterAll(async () => {
    if (store) await dispose(store);
  });

  const fixture: ModelStoreFixture = {
    get store() {
      if (!store) throw new Error('the store opens in beforeAll: use it inside a test');
      return store;
    },
    get ownerId() {
      if (!ownerId) throw new Error('the owner is created in beforeAll: use it inside a test');
      return ownerId;
    },
    async newProject(name = 'Tower Ä') {
      const project = await fixture.store.projects.create({
        id: `p_${randomUUID()}`,
        ownerId: fixture.ownerId,
        isPublic: false,
        name,
        fileName: 'tower.ifc',
        fileSize: 1234,
        schema: 'IFC4',
      });
      const model = await fixture.store.models.create({ id: project.id, projectId: project.id, name });
      return { project, model };
    },
    createVersion(projectId, options = {}) {
      return fixture.store.models.createVersion({
        projectId,
        modelId: options.modelId ?? projectId,
        fileName: options.fileName ?? 'tower.ifc',
        fileSize: options.fileSize ?? 100,
        uploaderId: options.uploaderId === undefined ? fixture.ownerId : options.uploaderId,
        schema: options.schema === undefined ? 'IFC4' : options.schema,
      });
    },
    async upload(projectId, rows, options = {}) {
      const v = await fixture.createVersion(projectId, options);
      const modelName =
        options.modelName ?? (await fixture.store.models.findById(projectId, v.modelId))!.name;
      await fixture.store.rows.insertBatch(projectId, v.version, rows, {
        modelId: v.modelId,
        modelName,
        versionNumber: v.number,
        changedAt: options.changedAt ?? v.createdAt,
      });
      await fixture.store.projects.publish(
        projectId,
        v.version,
        options.summary ?? summaryOf(rows, options.schema ?? 'IFC4'),
      );
      return (await fixture.store.models.findVersion(projectId, v.modelId, v.number))!;
    },
  };
  return fixture;
}

/** What publish records for `rows`: their counts, by type and by storey. */
export function summaryOf(rows: RowBatch, schema = 'IFC4'): PublishSummary {
  const elements = rows.elements ?? [];
  const tally = (key: (e: (typeof elements)[number]) => string | null) => {
    const counts: Record<string, number> = {};
    for (const e of elements) {
      const k = key(e) ?? '';
      counts[k] = (counts[k] ?? 0) + 1;
    }
    return counts;
  };
  return {
    schema,
    elementCount: elements.length,
    propertyCount: rows.properties?.length ?? 0,
    spatialCount: rows.spatial?.length ?? 0,
    countsByType: tally((e) => e.IfcType),
    countsByStorey: tally((e) => e.Storey),
  };
}

/** `count` walls on 'Level 1' (ExpressIds and GlobalIds G<n> from `first`), one property each and one storey. */
export function wallRows(count: number, options: { first?: number; type?: string } = {}): RowBatch {
  const first = options.first ?? 1;
  const ids = Array.from({ length: count }, (_, i) => first + i);
  return {
    elements: ids.map((id) => elementRow(id, { IfcType: options.type ?? 'IfcWall', Storey: 'Level 1' })),
    properties: ids.map((id) => propertyRow(id)),
    spatial: [spatialRow(first + 10_000)],
  };
}

/**
 * open/dispose for a throwaway MongoDB database, and a direct connection to it: row documents carry fields the
 * store does not return, so the MongoDB suites read them there. Needs mongoTestUri.
 */
export function mongoStoreWithConnection(prefix: string) {
  let conn: mongoose.Connection | undefined;
  return {
    async open(): Promise<Store> {
      const dbName = uniqueDbName(prefix);
      conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      return createMongoStore(mongoTestUri!, { dbName });
    },
    async dispose(store: Store): Promise<void> {
      await store.close();
      await conn?.dropDatabase();
      await conn?.close();
    },
    get conn(): mongoose.Connection {
      if (!conn) throw new Error('the connection opens in beforeAll: use it inside a test');
      return conn;
    },
  };
}
