import type { EntityModel, ExpandItem, QueryOptions } from '@aec/odata';

/**
 * The projects a feed request reads. Named projects (a per-project root, or a `ProjectId` filter): those of them
 * the caller may read (own or public). Otherwise the caller's root: their own projects plus the public ones they
 * chose to add to it (the demo, from Create Demo Data) — never every public project.
 */
export interface FeedScope {
  userId: string | null;
  projectIds?: readonly string[];
}

/**
 * A project version visible to a scope: rows are read only at published versions. One per (project, model) with
 * that model's published version; a project with no published model has one entry with version 0.
 */
export interface VisibleVersion {
  id: string;
  version: number;
  /** The model whose published version this is (absent for a project with nothing published). */
  modelId?: string;
  isPublic: boolean;
  /**
   * When the project last changed what a reader sees (published a version, else created), in ms. A page link
   * pins the projects it pages to those stamped no later than its first page's newest.
   */
  stamp: number;
}

export interface FeedQuery {
  entitySet: string;
  query: QueryOptions;
  visible: VisibleVersion[];
  /** For the Projects set: only these project ids (the visible list). */
  after?: readonly unknown[];
  limit?: number;
  /** The request's model when it is not the reader's own: a per-project root adds the project's wide set. */
  model?: EntityModel;
  /**
   * IFCChanges and IFCPropertyChanges: only these (project, row version) change sets, those a page link began with
   * (snapshot-pins.ts); absent, every change set the visible projects serve now (changeSetVersions).
   */
  changeSets?: readonly { id: string; version: number }[];
  /**
   * The caller writes minimal (or no) metadata and no expanded members: a store may return each row's entity JSON
   * already encoded (`FeedPage.encoded`).
   */
  encodeJson?: boolean;
}

export type FeedRow = Record<string, unknown> | readonly unknown[];

export interface FeedPage {
  /** Objects keyed by property name, or arrays aligned to `rowColumns` (cheaper to read from SQLite). */
  rows: AsyncIterable<FeedRow> | Iterable<FeedRow>;
  rowColumns?: string[];
  /** Rows are arrays whose first element is the entity's OData JSON (minimal metadata, selected properties). */
  encoded?: boolean;
  /** Values of the sort keys of a returned row, for the next page's skip token. */
  sortValues(row: FeedRow): unknown[];
}

/** The rows of one navigation property for all parent rows of a page, under the same scope as the page. */
export interface ExpandQuery {
  /** Entity set of the parent rows. */
  entitySet: string;
  /** One validated single-segment item (its nested options apply; nested $expand is the caller's). */
  item: ExpandItem;
  /** Distinct values of the plan's `parentProperty` on the parent rows. */
  parentValues: readonly unknown[];
  visible: VisibleVersion[];
  /**
   * Collections: most rows per parent after the nested $skip (the nested $top applies too). The caller asks
   * one more than its page size to learn that a parent has more.
   */
  perParent: number;
}

export interface ExpandRows {
  /** Child rows (objects keyed by property name) per parent value, in the target set's page order. */
  groups: Map<unknown, Record<string, unknown>[]>;
  /** Children per parent value matching the nested $filter (only when the nested $count is asked). */
  counts?: Map<unknown, number>;
  /** Sort values of a child row, for a skip token on the target entity set with the nested $orderby. */
  sortValues(row: Record<string, unknown>): unknown[];
}

/**
 * Reads OData entity sets from one store: the adapter compiles the validated query with @aec/odata into its own
 * query language (SQL with bound parameters, or a MongoDB filter document) and streams the rows.
 */
export interface FeedReader {
  readonly model: EntityModel;
  visibleVersions(scope: FeedScope): Promise<VisibleVersion[]>;
  /**
   * Which of these (project, row version) pairs still have their rows stored (a superseded version is kept for the
   * snapshot window, then retention applies): a page link pinned to a version reads it while it is held.
   */
  heldVersions(pairs: readonly { id: string; version: number }[]): Promise<{ id: string; version: number }[]>;
  /**
   * The (project, row version) pairs whose change rows IFCChanges and IFCPropertyChanges serve now: change sets that
   * are complete, of versions that keep their rows, of these projects.
   */
  changeSetVersions(projectIds: readonly string[]): Promise<{ id: string; version: number }[]>;
  /**
   * The project's row versions whose wide set is built (a wide catalog is stored), each with its model: while a
   * published version's wide set is prepared, its root still describes the set with the columns it had.
   */
  wideSetVersions?(projectId: string): Promise<{ modelId: string; version: number }[]>;
  page(q: FeedQuery): FeedPage;
  count(q: FeedQuery): Promise<number>;
  /** One store query per navigation (Mongo: one bounded query per parent for collections), never unbounded. */
  expand(q: ExpandQuery): Promise<ExpandRows>;
}
