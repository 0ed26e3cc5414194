import { Schema } from 'mongoose';

/**
 * A project's models live inside its project document, not in a collection of their own: which version of each
 * model readers see, and the project's aggregates over them, then change in one single-document update (FerretDB
 * has no transactions), and the feed resolves every visible (project, model, version) from the project
 * documents alone. A project holds a handful of models, so the array stays small.
 */
export interface ModelEntry {
  id: string;
  name: string;
  /** The internal row version readers see for this model; 0 until one is published. */
  publishedVersion: number;
  createdAt: Date;
  /** Highest version number handed out in this model; numbers are never reused, even after a deletion. */
  lastNumber: number;
  /**
   * When `publishedVersion` last changed from one version to another (a publish or rollback replaced it): retention
   * waits the snapshot window after it (version-retention.ts). Written in the same guarded update as the switch.
   */
  switchedAt?: Date;
}

export const modelEntrySchema = new Schema<ModelEntry>(
  {
    id: { type: String, required: true },
    name: { type: String },
    publishedVersion: { type: Number, required: true, default: 0 },
    createdAt: { type: Date, required: true },
    lastNumber: { type: Number, required: true, default: 0 },
    switchedAt: { type: Date },
  },
  { _id: false },
);
