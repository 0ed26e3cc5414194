import type { EdmPrimitive, EntityModel, PropertyDef } from '@aec/odata';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, SPATIAL_COLUMNS, type ColumnType } from './row-columns';
import { WIDE_ENTITY_SET, WIDE_ENTITY_TYPE, type WideCatalog } from './wide-columns';
import {
  changeEntitySets,
  changeEntityTypes,
  projectChangeNavigation,
  type ChangeSet,
} from './feed-change-sets';

const EDM: Record<ColumnType, EdmPrimitive> = {
  string: 'Edm.String',
  integer: 'Edm.Int32',
  number: 'Edm.Double',
  boolean: 'Edm.Boolean',
};

export const NAMESPACE = 'AEC.IFC';

/** How a store names the fields the model does not take verbatim from the row columns. */
export interface FeedStorageNames {
  projectIdOnRows: string;
  propertyKey: { column: string; type: EdmPrimitive };
  projects: Record<
    | 'ProjectId'
    | 'Name'
    | 'FileName'
    | 'Status'
    | 'Schema'
    | 'FileSize'
    | 'ElementCount'
    | 'PropertyCount'
    | 'SpatialCount'
    | 'CreatedAt'
    | 'ProcessedAt',
    string
  >;
  tables: Record<'Projects' | 'IFCElements' | 'IFCProperties' | 'IFCSpatialStructure' | ChangeSet, string>;
  /** Sub-documents where a document store keeps each text column's toLowerCase()/toUpperCase() (row sets). */
  caseShadows?: CaseShadows;
}

export interface CaseShadows {
  lower: string;
  upper: string;
}

/** Where the case-mapped copies of the text column stored as `column` live, when the store keeps them. */
export const caseColumnsOf = (
  shadows: CaseShadows | undefined,
  column: string,
  type: EdmPrimitive,
): Pick<PropertyDef, 'caseColumns'> =>
  shadows && type === 'Edm.String'
    ? { caseColumns: { lower: `${shadows.lower}.${column}`, upper: `${shadows.upper}.${column}` } }
    : {};

const columns = (defs: Record<string, ColumnType>, shadows?: CaseShadows): PropertyDef[] =>
  Object.entries(defs).map(([name, type]) => ({
    name,
    type: EDM[type],
    nullable: name !== 'ExpressId' && name !== 'IfcType',
    ...caseColumnsOf(shadows, name, EDM[type]),
  }));

/**
 * The feed's entity model, one source for validation, both compilers and $metadata. Entity sets and property
 * names are the same on every store; only storage names differ.
 */
export function createFeedModel(names: FeedStorageNames): EntityModel {
  const projectId = (): PropertyDef => ({
    name: 'ProjectId',
    type: 'Edm.String',
    nullable: false,
    column: names.projectIdOnRows,
  });
  const toProject = {
    name: 'Project',
    target: 'Project',
    collection: false,
    constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
  };
  const p = names.projects;
  return {
    namespace: NAMESPACE,
    containerName: 'IfcFeed',
    entityTypes: [
      {
        name: 'Project',
        key: ['ProjectId'],
        table: names.tables.Projects,
        properties: [
          { name: 'ProjectId', type: 'Edm.String', nullable: false, column: p.ProjectId },
          { name: 'Name', type: 'Edm.String', nullable: false, column: p.Name },
          { name: 'FileName', type: 'Edm.String', nullable: false, column: p.FileName },
          { name: 'Status', type: 'Edm.String', nullable: false, column: p.Status },
          { name: 'Schema', type: 'Edm.String', nullable: true, column: p.Schema },
          { name: 'FileSize', type: 'Edm.Int64', nullable: false, column: p.FileSize },
          { name: 'ElementCount', type: 'Edm.Int32', nullable: false, column: p.ElementCount },
          { name: 'PropertyCount', type: 'Edm.Int32', nullable: false, column: p.PropertyCount },
          { name: 'SpatialCount', type: 'Edm.Int32', nullable: false, column: p.SpatialCount },
          { name: 'CreatedAt', type: 'Edm.DateTimeOffset', nullable: false, column: p.CreatedAt },
          { name: 'ProcessedAt', type: 'Edm.DateTimeOffset', nullable: true, column: p.ProcessedAt },
        ],
        navigation: [
          {
            name: 'Elements',
            target: 'IFCElement',
            collection: true,
            constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
            partner: 'Project',
          },
          {
            name: 'Properties',
            target: 'IFCProperty',
            collection: true,
            constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
            partner: 'Project',
          },
          {
            name: 'SpatialStructure',
            target: 'IFCSpatialElement',
            collection: true,
            constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
            partner: 'Project',
          },
          ...projectChangeNavigation,
        ],
      },
      {
        name: 'IFCElement',
        key: ['Id'],
        table: names.tables.IFCElements,
        properties: [
          { name: 'Id', type: 'Edm.String', nullable: false },
          projectId(),
          ...columns(ELEMENT_COLUMNS, names.caseShadows),
        ],
        navigation: [{ ...toProject, partner: 'Elements' }],
      },
      {
        name: 'IFCProperty',
        key: ['Id'],
        table: names.tables.IFCProperties,
        properties: [
          { name: 'Id', type: names.propertyKey.type, nullable: false, column: names.propertyKey.column },
          projectId(),
          ...columns(PROPERTY_COLUMNS, names.caseShadows),
        ],
        navigation: [{ ...toProject, partner: 'Properties' }],
      },
      {
        name: 'IFCSpatialElement',
        key: ['ProjectId', 'ExpressId'],
        table: names.tables.IFCSpatialStructure,
        properties: [projectId(), ...columns(SPATIAL_COLUMNS, names.caseShadows)],
        navigation: [{ ...toProject, partner: 'SpatialStructure' }],
      },
      ...changeEntityTypes(names.tables, projectId),
    ],
    entitySets: [
      { name: 'Projects', entityType: 'Project' },
      { name: 'IFCElements', entityType: 'IFCElement' },
      { name: 'IFCProperties', entityType: 'IFCProperty' },
      { name: 'IFCSpatialStructure', entityType: 'IFCSpatialElement' },
      ...changeEntitySets,
    ],
  };
}

export const ROW_SETS = ['IFCElements', 'IFCProperties', 'IFCSpatialStructure'] as const;

/**
 * A per-project service root's model: the shared sets plus the project's wide element set, whose type has the
 * element columns and then one typed column per property found in that model version.
 */
export function withWideElements(model: EntityModel, catalog: WideCatalog): EntityModel {
  const elementType = model.entityTypes.find((t) => t.name === 'IFCElement')!;
  return {
    ...model,
    entityTypes: [
      ...model.entityTypes,
      {
        name: WIDE_ENTITY_TYPE,
        key: ['Id'],
        table: catalog.table,
        properties: [
          ...elementType.properties,
          ...catalog.columns.map((c): PropertyDef => ({
            name: c.name,
            type: c.type,
            nullable: true,
            ...caseColumnsOf(catalog.caseShadows, c.name, c.type),
          })),
        ],
        navigation: [],
      },
    ],
    entitySets: [...model.entitySets, { name: WIDE_ENTITY_SET, entityType: WIDE_ENTITY_TYPE }],
  };
}
