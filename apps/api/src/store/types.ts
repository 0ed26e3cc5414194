import type {
  FeedTokenRepository,
  JobRepository,
  ModelRepository,
  NewsletterRepository,
  ProjectRepository,
  RowRepository,
  UsageRepository,
} from './ifc-types';

import type { FeedReader } from './feed-types';

export type * from './ifc-types';

/**
 * The one persistence interface of the API. Each area is a repository; adapters (SQLite, MongoDB) implement all
 * of them and pass the same contract suite (store.contract.ts). Later areas (projects, jobs, rows, feed tokens)
 * join as further repositories here.
 */
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  /** Bumped to revoke every token issued before; tokens carry the version they were issued at. */
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
}

export interface UserChanges {
  username?: string;
  email?: string;
  /** A new hash of the same password (made the current way): sessions stay valid. */
  passwordHash?: string;
}

export interface UserRepository {
  /** Throws DuplicateError('username' | 'email') when either is taken (case-insensitively). */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  /** Case-insensitive lookup. */
  findByUsername(username: string): Promise<UserRecord | null>;
  /** Returns null when the user is gone; throws DuplicateError on a taken username or email. */
  update(id: string, changes: UserChanges): Promise<UserRecord | null>;
  /** Removes the user and everything the user owns; returns false when there was no such user. */
  delete(id: string): Promise<boolean>;
}

export type StoreKind = 'sqlite' | 'mongodb';

export interface Store {
  readonly kind: StoreKind;
  readonly users: UserRepository;
  readonly projects: ProjectRepository;
  readonly jobs: JobRepository;
  readonly rows: RowRepository;
  /** A project's models and their numbered versions (issue 15). */
  readonly models: ModelRepository;
  readonly feedTokens: FeedTokenRepository;
  readonly newsletter: NewsletterRepository;
  readonly usage: UsageRepository;
  /** The SQLite file, when rows may be written to it from another thread (not for in-memory databases). */
  readonly sqliteFile?: string;
  /**
   * With `sqliteFile`, when the store's WAL checkpointer runs (sqlite/wal-checkpointer.ts): a connection another
   * thread opens on the file passes this to openSqlite and walCommitNotifier, leaving checkpoints to the checkpointer.
   */
  readonly walCommits?: Int32Array;
  /**
   * With `sqliteFile`: the API thread's turns at the write lock (sqlite/write-turns.ts). A connection another thread
   * opens to write in the background yields to them before each transaction.
   */
  readonly writeTurns?: Int32Array;
  /**
   * The MongoDB database behind a MongoDB store (absent on SQLite): the state several instances share (job leases,
   * job events, uploads in GridFS, the login throttle, start-up locks) lives in its own collections beside the
   * repositories' (issue 16).
   */
  readonly mongoDb?: import('mongoose').mongo.Db;
  /** OData reads, compiled into this store's own query language. */
  readonly feed: FeedReader;
  /** Round-trips to the database; throws when it is unreachable. */
  /**
   * Prunes, as the projects' retention says, the superseded versions whose snapshot window (SNAPSHOT_GRACE_MINUTES
   * after they were replaced) ended by `now` (default: now); a bounded batch per call. Resolves to how many.
   */
  pruneSuperseded(now?: number): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A record was to be written for a user who no longer exists: the account was deleted while the request ran (an
 * upload takes minutes; its session was checked when it began). The caller's session is no longer valid.
 */
export class OwnerGoneError extends Error {
  constructor(readonly ownerId: string) {
    super(`owner ${ownerId} does not exist`);
    this.name = 'OwnerGoneError';
  }
}

/** A unique constraint enforced by the database was violated. */
export class DuplicateError extends Error {
  constructor(readonly field: 'username' | 'email' | 'id' | 'feedTokenName') {
    super(`duplicate ${field}`);
    this.name = 'DuplicateError';
  }
}
