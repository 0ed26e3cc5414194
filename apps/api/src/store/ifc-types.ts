import type { WideCatalog } from './wide-columns';
import type { ElementRow, PropertyRow, RowBatch, SpatialRow } from '@aec/ifc';

/** Processing states of a project and of the job that builds it. */
export type ProjectStatus = 'queued' | 'processing' | 'paused' | 'ready' | 'failed' | 'cancelled';
export type JobStatus = ProjectStatus;

export interface ProjectRecord {
  id: string;
  /** null for public projects such as the demo. */
  ownerId: string | null;
  isPublic: boolean;
  name: string;
  fileName: string;
  fileSize: number;
  status: ProjectStatus;
  /** FILE_SCHEMA as declared, known once the header is read. */
  schema: string | null;
  /** The row version readers see; 0 until a version has been published. */
  version: number;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: Record<string, number>;
  countsByStorey: Record<string, number>;
  error: string | null;
  createdAt: string;
  processedAt: string | null;
  /** How many versions of each model keep their rows (the published one always does); null keeps them all. */
  retention: number | null;
}

export interface NewProject {
  id: string;
  ownerId: string | null;
  isPublic: boolean;
  name: string;
  fileName: string;
  fileSize: number;
  schema: string | null;
}

export interface JobRecord {
  id: string;
  projectId: string;
  ownerId: string | null;
  status: JobStatus;
  /** The row version this job writes; published only when the job succeeds. */
  version: number;
  filePath: string;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
}

export interface PublishSummary {
  schema: string;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: Record<string, number>;
  countsByStorey: Record<string, number>;
}

/** An element row as stored and served: the extracted row plus its key and project. */
export interface StoredElementRow extends ElementRow {
  Id: string;
  ProjectId: string;
  /** The model version the row belongs to (issue 15; set by the stores that have models). */
  ModelId?: string;
  ModelName?: string;
  VersionNumber?: number;
  ChangedAt?: string;
}

export interface ProjectRepository {
  /** Throws DuplicateError('id') when the id exists (used to make demo creation idempotent). */
  create(project: NewProject): Promise<ProjectRecord>;
  findById(id: string): Promise<ProjectRecord | null>;
  listByOwner(ownerId: string): Promise<ProjectRecord[]>;
  setStatus(id: string, status: ProjectStatus, error?: string | null): Promise<void>;
  /**
   * Atomically makes `version` its model's published version (the model is found from the version's record), marks
   * the version ready with the summary, sums the project's figures over its models' published versions, stamps the
   * project (processedAt, always later than before) and applies the project's retention to the model. Other
   * versions' rows stay unless retention prunes them. Readers never see a mix. A row version without a record
   * (written by a caller that made no version: tests, jobs queued before models existed) becomes the next version
   * of the project's default model (id = project id).
   */
  publish(id: string, version: number, summary: PublishSummary): Promise<void>;
  /** Sets how many versions per model keep their rows (null: all) and prunes what the new setting drops. */
  setRetention(id: string, retention: number | null): Promise<void>;
  /** Renames the project (what lists and the feed's Projects set show); false when it is gone. */
  rename(id: string, name: string): Promise<boolean>;
  /** The next row version to write for a project (greater than any version ever used by it). */
  nextVersion(id: string): Promise<number>;
  /** Removes the project, its jobs and all its rows. */
  delete(id: string): Promise<boolean>;
  /** Ready projects and the elements they hold, platform-wide. */
  totals(): Promise<{ readyProjects: number; elements: number }>;
  /**
   * The user chose to see this public project in their all-projects feed root (idempotent). Gone with the user
   * or the project.
   */
  addToRoot(id: string, userId: string): Promise<void>;
}

export interface JobRepository {
  create(
    job: Omit<JobRecord, 'status' | 'error' | 'createdAt' | 'startedAt' | 'finishedAt' | 'durationMs'>,
  ): Promise<JobRecord>;
  findById(id: string): Promise<JobRecord | null>;
  update(
    id: string,
    patch: Partial<Pick<JobRecord, 'status' | 'error' | 'startedAt' | 'finishedAt' | 'durationMs'>>,
  ): Promise<void>;
  /** Jobs in any of the given states (start-up recovery looks for queued/processing/paused ones). */
  listByStatus(statuses: readonly JobStatus[]): Promise<JobRecord[]>;
  /** A user's most recent jobs, newest first. */
  listByOwner(ownerId: string, limit: number): Promise<JobRecord[]>;
  /** Every job of a project (one per version it processed), newest first: the version history's job links. */
  listByProject(projectId: string): Promise<JobRecord[]>;
}

export interface RowRepository {
  /**
   * Appends a batch of rows under (projectId, version); invisible until that version is published. The context
   * says which model version the rows belong to; without it the row version's record gives it (or, when there is
   * none, the project's default model adopts the row version as its next version).
   */
  insertBatch(projectId: string, version: number, batch: RowBatch, context?: RowContext): Promise<void>;
  /** Removes the rows of one version (a failed or cancelled job's partial output). */
  deleteVersion(projectId: string, version: number): Promise<void>;
  /**
   * Element rows of one row version in key order, streamed in pages; without a version, those of every model's
   * published version (model by model, in creation order): what the project serves.
   */
  streamElements(projectId: string, version?: number): AsyncIterable<StoredElementRow>;
  countElements(projectId: string, version: number): Promise<number>;
  /** Rows of all kinds stored for (projectId, version): for tests and recovery checks. */
  countAll(
    projectId: string,
    version: number,
  ): Promise<{ elements: number; properties: number; spatial: number }>;
  /**
   * Builds the version's wide element rows (one column per property found, see wide-columns.ts) from its element
   * and property rows, once they are all stored. Resolves with null, leaving nothing behind, when cancelled or
   * when a newer version of the project was published meanwhile. Stores that prepare published versions for
   * fast feeds in other ways do it here too (SQLite: see sqlite-feed-preparation.ts).
   */
  buildWideElements(
    projectId: string,
    version: number,
    options?: { isCancelled?: () => boolean },
  ): Promise<WideCatalog | null>;
  /** The wide set's columns and storage for a version, once built. */
  wideCatalog(projectId: string, version: number): Promise<WideCatalog | null>;
  /**
   * The wide set a project serves over its models' published versions (`versions`, one per model): for one
   * version its own catalog; for several, one set joining them (the union of their columns, typed as they agree,
   * text where they do not). Null while any is not built, or (MongoDB, see wide-union.ts) while the set joining
   * them is being prepared.
   */
  servedWideCatalog(projectId: string, versions: readonly number[]): Promise<WideCatalog | null>;
  /**
   * Published versions whose `buildWideElements` never completed (cancelled by a shutdown, or published by a
   * build before the step existed): the start-up pass completes them.
   */
  publishedAwaitingPreparation(): Promise<{ projectId: string; version: number }[]>;
  /** Counts one failed attempt at the version's post-publish step, keeping its reason; resolves to the count. */
  recordPreparationFailure(projectId: string, version: number, error: string): Promise<number>;
  /** The version's failed attempts so far and the last reason (null when none failed). */
  preparationFailure(projectId: string, version: number): Promise<PreparationFailure | null>;
  /**
   * What changed from `previousVersion` to `version` (two internal row versions of one model), by element key:
   * writes the version's IFCChanges and IFCPropertyChanges rows and gives the elements that did not change their
   * ChangedAt from the previous version. Idempotent: a rerun first removes what an interrupted run left. Resolves
   * with null, leaving no change rows, when cancelled or when the version is deleted meanwhile; throws
   * PreviousVersionGoneError (change-rules.ts), leaving none, when `previousVersion` is deleted or pruned before or
   * while it runs. One run of a version at a time: a second waits for the first.
   */
  computeChanges(
    projectId: string,
    version: number,
    previousVersion: number,
    options?: { isCancelled?: () => boolean },
  ): Promise<ChangeSummary | null>;
}

export interface PreparationFailure {
  attempts: number;
  error: string;
}

export type { ElementRow, PropertyRow, SpatialRow, RowBatch };

export interface FeedTokenRecord {
  id: string;
  userId: string;
  name: string;
  /** SHA-256 of the secret: the secret itself is shown once and never stored. */
  tokenHash: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface FeedTokenRepository {
  /** Throws DuplicateError('feedTokenName') when the user has a token of that name (feedTokenNameKey). */
  create(token: { id: string; userId: string; name: string; tokenHash: string }): Promise<FeedTokenRecord>;
  listByUser(userId: string): Promise<FeedTokenRecord[]>;
  findByHash(tokenHash: string): Promise<FeedTokenRecord | null>;
  touch(id: string, at: string): Promise<void>;
  /** Deletes the user's token; false when the user has no such token. */
  delete(userId: string, id: string): Promise<boolean>;
}

export interface NewsletterRepository {
  /** 'created' for a new address, 'exists' when it was already subscribed (case-insensitively). */
  subscribe(email: string): Promise<'created' | 'exists'>;
}

export type UsageKind = 'feed' | 'export' | 'api';

/** Requests counted per day, caller and project; the server adds them up in memory and flushes deltas. */
export interface UsageDelta {
  day: string;
  userId: string | null;
  projectId: string | null;
  kind: UsageKind;
  count: number;
}

export interface UsageRepository {
  add(deltas: UsageDelta[]): Promise<void>;
  /** Platform-wide totals per kind. */
  totals(): Promise<Record<UsageKind, number>>;
  /** One user's counts per day and kind, and per project and kind. */
  forUser(userId: string): Promise<{
    byDay: { day: string; kind: UsageKind; count: number }[];
    byProject: { projectId: string; kind: UsageKind; count: number }[];
  }>;
}

/*
 * Living models (issue 15; design: the README's "Versions and federation"). A project holds models; a model holds
 * numbered versions, each stored under one internal row version of the project (`ProjectRepository.nextVersion`).
 * The feed serves every model's published version together.
 */

export interface ModelRecord {
  id: string;
  projectId: string;
  name: string;
  /** The internal row version readers see for this model; 0 until one is published. */
  publishedVersion: number;
  createdAt: string;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  modified: number;
}

/** What changed between a version and its model's previous retained version, by GlobalId. */
export interface ChangeSummary extends ChangeCounts {
  status: 'pending' | 'ready' | 'failed';
  previousVersionNumber: number | null;
  propertyValuesChanged: number;
  /** GlobalIds present in both versions. */
  commonElements: number;
  byType: Record<string, ChangeCounts>;
  /** Keyed by storey name; '' for elements without a storey. */
  byStorey: Record<string, ChangeCounts>;
  error: string | null;
}

export interface VersionRecord {
  projectId: string;
  modelId: string;
  /** Internal row version (unique within the project). */
  version: number;
  /** 1, 2, 3… within the model. */
  number: number;
  fileName: string;
  fileSize: number;
  uploaderId: string | null;
  status: ProjectStatus;
  error: string | null;
  schema: string | null;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: Record<string, number>;
  countsByStorey: Record<string, number>;
  /** When the upload was accepted: the ChangedAt of the elements this version adds or modifies. */
  createdAt: string;
  processedAt: string | null;
  processingMs: number | null;
  /** False once the project's retention setting removed this version's rows (it stays in the history). */
  retained: boolean;
  /**
   * When a newer (or rolled-back) version replaced this one as its model's published version; null while it serves
   * or if it never did. Its rows are kept the snapshot window (SNAPSHOT_GRACE_MINUTES) after this, whatever the
   * retention, so that a BI pull begun on it can finish.
   */
  supersededAt: string | null;
  /** e.g. "Schema changed from IFC2X3 to IFC4", "0 elements in common with version 1". */
  warnings: string[];
  /** Null for a model's first version. */
  changes: ChangeSummary | null;
}

/** The values every row of one model version carries besides its extracted columns. */
export interface RowContext {
  modelId: string;
  modelName: string;
  versionNumber: number;
  /** The version's createdAt: every element's ChangedAt until the change step carries unchanged ones over. */
  changedAt: string;
}

/** What a model deletion did. */
export type ModelDeletion = 'deleted' | 'not-found' | 'last-model';

export interface ModelRepository {
  create(model: { id: string; projectId: string; name: string }): Promise<ModelRecord>;
  findById(projectId: string, modelId: string): Promise<ModelRecord | null>;
  /** In creation order. */
  listByProject(projectId: string): Promise<ModelRecord[]>;
  /** Also rewrites ModelName on the model's rows; false when there is no such model. */
  rename(projectId: string, modelId: string, name: string): Promise<boolean>;
  /**
   * Removes the model, its versions, rows and changes; bumps the project's stamp and aggregates. Refuses the
   * project's only model ('last-model'), checked in the same write, so two deletes at once cannot leave a project
   * without models.
   */
  delete(projectId: string, modelId: string): Promise<ModelDeletion>;
  /** Allocates the model's next number and a new internal row version; status 'queued'. */
  createVersion(version: {
    projectId: string;
    modelId: string;
    fileName: string;
    fileSize: number;
    uploaderId: string | null;
    schema: string | null;
  }): Promise<VersionRecord>;
  findVersion(projectId: string, modelId: string, number: number): Promise<VersionRecord | null>;
  findVersionByRowVersion(projectId: string, version: number): Promise<VersionRecord | null>;
  /** Newest number first. */
  listVersions(projectId: string, modelId?: string): Promise<VersionRecord[]>;
  /**
   * Resolves to whether the record was updated: false when there is no such version or, with `expect`, when its
   * change summary is no longer against version `changesAgainst` (the version compared with was deleted and the
   * store compared it with another one meanwhile: deleteVersion).
   */
  updateVersion(
    projectId: string,
    version: number,
    patch: Partial<Pick<VersionRecord, 'status' | 'error' | 'processingMs' | 'warnings' | 'changes'>>,
    expect?: { changesAgainst: number },
  ): Promise<boolean>;
  /** Publishes an older retained, ready version again; bumps the project's stamp. False when not possible. */
  rollback(projectId: string, modelId: string, number: number): Promise<boolean>;
  /**
   * Removes a version that is not the published one (rows, wide set, change rows, record). Each retained version
   * of the model whose changes were computed against it loses its change rows from the feed in the same step and
   * is compared with its previous retained version instead: its summary pending against that one (for the change
   * step to compute again), or null when no older version is kept (change-rules.ts repointedChanges).
   */
  deleteVersion(projectId: string, modelId: string, number: number): Promise<boolean>;
}
