import { columnOf, type EdmPrimitive, type EntityModel, type EntityType, type PropertyDef } from '@aec/odata';
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
  /** Where rows keep their model version (issue 15); the property names when not given. */
  rowModel?: Partial<Record<RowModelColumn, string>>;
  /** Storage of the Models and Versions sets (each property's field; the property name when not given). */
  models?: { table: string; columns?: Partial<Record<string, string>> };
  versions?: { table: string; columns?: Partial<Record<string, string>> };
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

type RowModelColumn = 'ModelId' | 'ModelName' | 'VersionNumber' | 'ChangedAt';

/** The Models set's properties, in order. */
const MODEL_PROPERTIES: [string, EdmPrimitive, boolean][] = [
  ['ModelId', 'Edm.String', false],
  ['ProjectId', 'Edm.String', false],
  ['Name', 'Edm.String', false],
  ['LatestVersionNumber', 'Edm.Int32', true],
  ['VersionCount', 'Edm.Int32', false],
  ['CreatedAt', 'Edm.DateTimeOffset', false],
];

/** The Versions set's properties, in order; the change figures are null until computed (and on a first version). */
const VERSION_PROPERTIES: [string, EdmPrimitive, boolean][] = [
  ['ModelId', 'Edm.String', false],
  ['VersionNumber', 'Edm.Int32', false],
  ['ProjectId', 'Edm.String', false],
  ['ModelName', 'Edm.String', false],
  ['FileName', 'Edm.String', false],
  ['FileSize', 'Edm.Int64', false],
  ['Schema', 'Edm.String', true],
  ['Status', 'Edm.String', false],
  ['IsLatest', 'Edm.Boolean', false],
  ['Retained', 'Edm.Boolean', false],
  ['ElementCount', 'Edm.Int32', false],
  ['PropertyCount', 'Edm.Int32', false],
  ['SpatialCount', 'Edm.Int32', false],
  ['UploadedAt', 'Edm.DateTimeOffset', false],
  ['ProcessedAt', 'Edm.DateTimeOffset', true],
  ['ProcessingSeconds', 'Edm.Double', true],
  ['Added', 'Edm.Int32', true],
  ['Removed', 'Edm.Int32', true],
  ['Modified', 'Edm.Int32', true],
  ['PropertyValuesChanged', 'Edm.Int32', true],
];

const described = (
  defs: [string, EdmPrimitive, boolean][],
  columns: Partial<Record<string, string>> = {},
): PropertyDef[] =>
  defs.map(([name, type, nullable]) => ({
    name,
    type,
    nullable,
    ...(columns[name] ? { column: columns[name] } : {}),
  }));

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
  const model = describeFeed(names);
  return names.caseShadows
    ? { ...model, entityTypes: model.entityTypes.map((t) => withCaseColumns(t, names.caseShadows!)) }
    : model;
}

/** Types whose every text property has stored copies on a store that keeps them; row types copy ModelName too. */
const FULLY_CASE_MAPPED = new Set(['Project', 'Model', 'Version', 'IFCChange', 'IFCPropertyChange']);

function withCaseColumns(type: EntityType, shadows: CaseShadows): EntityType {
  const mapped = (p: PropertyDef) =>
    !p.caseColumns && (FULLY_CASE_MAPPED.has(type.name) || p.name === 'ModelName');
  return {
    ...type,
    properties: type.properties.map((p) =>
      mapped(p) ? { ...p, ...caseColumnsOf(shadows, columnOf(p), p.type) } : p,
    ),
  };
}

function describeFeed(names: FeedStorageNames): EntityModel {
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
  /** The model version a row belongs to, right after ProjectId (ChangedAt on elements only). */
  const rowModel = (changedAt: boolean): PropertyDef[] => {
    const column = (name: RowModelColumn) => {
      const stored = names.rowModel?.[name];
      return stored ? { column: stored } : {};
    };
    return [
      { name: 'ModelId', type: 'Edm.String', nullable: false, ...column('ModelId') },
      { name: 'ModelName', type: 'Edm.String', nullable: false, ...column('ModelName') },
      { name: 'VersionNumber', type: 'Edm.Int32', nullable: false, ...column('VersionNumber') },
      ...(changedAt
        ? [
            {
              name: 'ChangedAt',
              type: 'Edm.DateTimeOffset',
              nullable: false,
              ...column('ChangedAt'),
            } as const,
          ]
        : []),
    ];
  };
  const projectCollection = (name: string, target: string) => ({
    name,
    target,
    collection: true,
    constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
    partner: 'Project',
  });
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
          projectCollection('Models', 'Model'),
          projectCollection('Versions', 'Version'),
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
          ...rowModel(true),
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
          ...rowModel(false),
          ...columns(PROPERTY_COLUMNS, names.caseShadows),
        ],
        navigation: [{ ...toProject, partner: 'Properties' }],
      },
      {
        name: 'IFCSpatialElement',
        // Two models of a project may use the same ExpressIds.
        key: ['ProjectId', 'ModelId', 'ExpressId'],
        table: names.tables.IFCSpatialStructure,
        properties: [projectId(), ...rowModel(false), ...columns(SPATIAL_COLUMNS, names.caseShadows)],
        navigation: [{ ...toProject, partner: 'SpatialStructure' }],
      },
      {
        name: 'Model',
        key: ['ModelId'],
        table: names.models?.table ?? 'models',
        properties: described(MODEL_PROPERTIES, names.models?.columns),
        navigation: [{ ...toProject, partner: 'Models' }],
      },
      {
        name: 'Version',
        key: ['ModelId', 'VersionNumber'],
        table: names.versions?.table ?? 'versions',
        properties: described(VERSION_PROPERTIES, names.versions?.columns),
        navigation: [{ ...toProject, partner: 'Versions' }],
      },
      ...changeEntityTypes(names.tables, projectId),
    ],
    entitySets: [
      { name: 'Projects', entityType: 'Project' },
      { name: 'IFCElements', entityType: 'IFCElement' },
      { name: 'IFCProperties', entityType: 'IFCProperty' },
      { name: 'IFCSpatialStructure', entityType: 'IFCSpatialElement' },
      { name: 'Models', entityType: 'Model' },
      { name: 'Versions', entityType: 'Version' },
      ...changeEntitySets,
    ],
  };
}

export const ROW_SETS = ['IFCElements', 'IFCProperties', 'IFCSpatialStructure'] as const;

/** Sets read per project rather than per published version: every model and version of a visible project. */
export const PROJECT_LEVEL_SETS: ReadonlySet<string> = new Set(['Projects', 'Models', 'Versions']);

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
