import type { mongo } from 'mongoose';
import type { ElementRow, PropertyRow, SpatialRow } from '../types';
import type { WideColumn } from '../wide-columns';

export const WIDE_COLLECTION = 'ifc_wide';

/** Every row document carries the project and the row version it was written under. */
interface VersionKey {
  projectId: string;
  version: number;
}
/** The model version a row was written under (issue 15); absent on rows older than models until migrated. */
interface ModelFields {
  ModelId?: string;
  ModelName?: string;
  VersionNumber?: number;
}
export type ElementDoc = VersionKey &
  ModelFields &
  ElementRow & {
    Id: string;
    ChangedAt?: Date | null;
    /** propertyFingerprint of its property values (never served); absent on rows stored before it. */
    PropertyFingerprint?: string | null;
  };
export type PropertyDoc = VersionKey & PropertyRow;
export type SpatialDoc = VersionKey & SpatialRow;
/** An element with one field per property column of its version's wide catalog. */
export type WideDoc = VersionKey & { Id: string } & Record<string, unknown>;
export type WideCatalogDoc = VersionKey & { table: string; columns: WideColumn[] };
/** Failed attempts at a version's post-publish step, with the last reason. */
export type PreparationFailureDoc = VersionKey & { attempts: number; error: string };
/** IFCChanges / IFCPropertyChanges rows of a version (vs its model's previous one), fields named as the columns. */
export type ChangeDoc = VersionKey & { Id: string } & Record<string, unknown>;

export interface RowCollections {
  elements: mongo.Collection<ElementDoc>;
  properties: mongo.Collection<PropertyDoc>;
  spatial: mongo.Collection<SpatialDoc>;
  wide: mongo.Collection<WideDoc>;
  wideCatalogs: mongo.Collection<WideCatalogDoc>;
  preparationFailures: mongo.Collection<PreparationFailureDoc>;
  changes: mongo.Collection<ChangeDoc>;
  propertyChanges: mongo.Collection<ChangeDoc>;
}

/**
 * Every collection keyed by (projectId, version), for operations that treat them alike (deletes, counts): the
 * three row kinds first, then the wide set, its catalog and its build failures, then the version's change rows, which
 * all come and go with their version.
 */
export const eachRowCollection = (rows: RowCollections): mongo.Collection<VersionKey>[] => [
  rows.elements as unknown as mongo.Collection<VersionKey>,
  rows.properties as unknown as mongo.Collection<VersionKey>,
  rows.spatial as unknown as mongo.Collection<VersionKey>,
  rows.wide as unknown as mongo.Collection<VersionKey>,
  rows.wideCatalogs as unknown as mongo.Collection<VersionKey>,
  rows.preparationFailures as unknown as mongo.Collection<VersionKey>,
  rows.changes as unknown as mongo.Collection<VersionKey>,
  rows.propertyChanges as unknown as mongo.Collection<VersionKey>,
];

/**
 * Row collections are used through the driver directly, not through mongoose models: bulk inserts of hundreds of
 * thousands of rows cannot afford per-document casting and validation. The repositories build every document
 * from the typed column lists instead, so each one has all columns (nulls stored explicitly).
 */
export async function openRowCollections(db: mongo.Db): Promise<RowCollections> {
  const rows: RowCollections = {
    elements: db.collection<ElementDoc>('ifc_elements'),
    properties: db.collection<PropertyDoc>('ifc_properties'),
    spatial: db.collection<SpatialDoc>('ifc_spatial'),
    wide: db.collection<WideDoc>(WIDE_COLLECTION),
    wideCatalogs: db.collection<WideCatalogDoc>('ifc_wide_catalogs'),
    preparationFailures: db.collection<PreparationFailureDoc>('ifc_preparation_failures'),
    changes: db.collection<ChangeDoc>('ifc_changes'),
    propertyChanges: db.collection<ChangeDoc>('ifc_property_changes'),
  };
  // The same keys as the SQL primary keys: one element / spatial row per ExpressId and version, enforced by the
  // database. They also serve the version filters, deletes and the ExpressId keyset pages.
  await Promise.all([
    rows.elements.createIndex(
      { projectId: 1, version: 1, ExpressId: 1 },
      { unique: true, name: 'ifc_elements_key' },
    ),
    // The feed pages elements by Id within a project version.
    rows.elements.createIndex({ projectId: 1, version: 1, Id: 1 }, { name: 'ifc_elements_feed' }),
    // Pages filtered on type and storey, still in Id order (the SQLite store has the same index).
    rows.elements.createIndex(
      { projectId: 1, version: 1, IfcType: 1, Storey: 1, Id: 1 },
      { name: 'ifc_elements_type_storey' },
    ),
    // _id is a client-generated ObjectId, increasing in insertion order: the stable page key for properties.
    rows.properties.createIndex({ projectId: 1, version: 1, _id: 1 }, { name: 'ifc_properties_project' }),
    rows.spatial.createIndex(
      { projectId: 1, version: 1, ExpressId: 1 },
      { unique: true, name: 'ifc_spatial_key' },
    ),
    rows.wide.createIndex({ projectId: 1, version: 1, Id: 1 }, { unique: true, name: 'ifc_wide_key' }),
    rows.wideCatalogs.createIndex(
      { projectId: 1, version: 1 },
      { unique: true, name: 'ifc_wide_catalogs_key' },
    ),
    rows.preparationFailures.createIndex(
      { projectId: 1, version: 1 },
      { unique: true, name: 'ifc_preparation_failures_key' },
    ),
    // Change rows page in Id order within a version, like elements.
    rows.changes.createIndex({ projectId: 1, version: 1, Id: 1 }, { unique: true, name: 'ifc_changes_key' }),
    rows.propertyChanges.createIndex(
      { projectId: 1, version: 1, Id: 1 },
      { unique: true, name: 'ifc_property_changes_key' },
    ),
  ]);
  return rows;
}
