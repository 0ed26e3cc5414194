import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { ProjectStatus } from '../types';
import type { CountEntry } from './count-entries';
import { modelEntrySchema, type ModelEntry } from './model-entries';

export type { CountEntry };

export interface ProjectDoc {
  _id: string;
  ownerId: string | null;
  isPublic: boolean;
  name: string;
  fileName: string;
  fileSize: number;
  status: ProjectStatus;
  /** ProjectRecord.schema: `schema` is a mongoose Document property, so the path has another name. */
  ifcSchema: string | null;
  version: number;
  /** Highest row version ever handed out by nextVersion; never decreases. */
  maxVersion: number;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: CountEntry[];
  countsByStorey: CountEntry[];
  error: string | null;
  createdAt: Date;
  /**
   * Creation order where createdAt ties (several projects in one millisecond): ObjectIds made by one process
   * increase with every call.
   */
  seq: Types.ObjectId;
  processedAt: Date | null;
  /** Users who chose to see this public project in their all-projects feed root (FeedScope). */
  chosenBy?: string[];
  /** The project's models (see model-entries.ts); absent on projects written before models existed. */
  models?: ModelEntry[];
  /** How many versions per model keep their rows; null (or absent) keeps all. */
  retention?: number | null;
  /** Bumped by every change of `models` or `maxVersion`: the guard of the compare-and-set updates. */
  rev?: number;
  /** The text fields' case-mapped copies (case-shadows.ts), for the feed's tolower/toupper; never served. */
  '~lower'?: Record<string, string>;
  '~upper'?: Record<string, string>;
}

const STATUSES: ProjectStatus[] = ['queued', 'processing', 'paused', 'ready', 'failed', 'cancelled'];

/** Count maps are stored as arrays of entries (see count-entries.ts). */
const countEntrySchema = new Schema<CountEntry>(
  { key: { type: String, required: true }, count: { type: Number, required: true } },
  { _id: false },
);

// Strings are not `required`: mongoose rejects '' for required strings, which SQLite's NOT NULL accepts.
const nullableString = { type: String, default: null };

const projectSchema = new Schema<ProjectDoc>(
  {
    _id: { type: String, required: true },
    ownerId: nullableString,
    isPublic: { type: Boolean, required: true },
    name: { type: String },
    fileName: { type: String },
    fileSize: { type: Number, required: true },
    status: { type: String, enum: STATUSES, required: true },
    ifcSchema: nullableString,
    version: { type: Number, required: true, default: 0 },
    maxVersion: { type: Number, required: true, default: 0 },
    elementCount: { type: Number, required: true, default: 0 },
    propertyCount: { type: Number, required: true, default: 0 },
    spatialCount: { type: Number, required: true, default: 0 },
    countsByType: { type: [countEntrySchema], default: [] },
    countsByStorey: { type: [countEntrySchema], default: [] },
    error: nullableString,
    createdAt: { type: Date, required: true },
    seq: { type: Schema.Types.ObjectId, required: true },
    processedAt: { type: Date, default: null },
    chosenBy: { type: [String], default: undefined },
    models: { type: [modelEntrySchema], default: undefined },
    retention: { type: Number, default: null },
    rev: { type: Number, default: 0 },
    '~lower': { type: Schema.Types.Mixed, default: undefined },
    '~upper': { type: Schema.Types.Mixed, default: undefined },
  },
  { collection: 'projects', versionKey: false, strict: 'throw' },
);
projectSchema.index({ ownerId: 1, createdAt: -1, seq: -1 }, { name: 'projects_owner' });

export const projectModel = (conn: Connection): Model<ProjectDoc> =>
  conn.model<ProjectDoc>('Project', projectSchema);
