import type { EntityModel, QueryOptions } from '@aec/odata';

/** The projects a feed request may read: the caller's own plus public ones, optionally narrowed to one project. */
export interface FeedScope {
  userId: string | null;
  projectId?: string;
}

/** A project version visible to a scope: rows are read only at a project's published version. */
export interface VisibleVersion {
  id: string;
  version: number;
  isPublic: boolean;
}

export interface FeedQuery {
  entitySet: string;
  query: QueryOptions;
  visible: VisibleVersion[];
  /** For the Projects set: only these project ids (the visible list). */
  after?: readonly unknown[];
  limit?: number;
}

export type FeedRow = Record<string, unknown> | readonly unknown[];

export interface FeedPage {
  /** Objects keyed by property name, or arrays aligned to `rowColumns` (cheaper to read from SQLite). */
  rows: AsyncIterable<FeedRow> | Iterable<FeedRow>;
  rowColumns?: string[];
  /** Values of the sort keys of a returned row, for the next page's skip token. */
  sortValues(row: FeedRow): unknown[];
}

/**
 * Reads OData entity sets from one store: the adapter compiles the validated query with @aec/odata into its own
 * query language (SQL with bound parameters, or a MongoDB filter document) and streams the rows.
 */
export interface FeedReader {
  readonly model: EntityModel;
  visibleVersions(scope: FeedScope): Promise<VisibleVersion[]>;
  page(q: FeedQuery): FeedPage;
  count(q: FeedQuery): Promise<number>;
}
