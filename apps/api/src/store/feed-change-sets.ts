import type { EdmPrimitive, EntitySet, EntityType, NavigationDef, PropertyDef } from '@aec/odata';

/*
 * The feed's "what changed" sets (issue 15): one row per added, removed or modified element of a model version
 * against the model's previous retained version, and one per changed property value of a modified element. Unlike
 * the row sets they serve every version of the visible projects' models, not only the published ones.
 */

export const CHANGE_SETS = ['IFCChanges', 'IFCPropertyChanges'] as const;
export type ChangeSet = (typeof CHANGE_SETS)[number];
export const isChangeSet = (entitySet: string): entitySet is ChangeSet =>
  (CHANGE_SETS as readonly string[]).includes(entitySet);

const property = (name: string, type: EdmPrimitive, nullable = false): PropertyDef => ({
  name,
  type,
  nullable,
});

/** The columns every change row starts with, after its key and project. */
const versionColumns = [
  property('ModelId', 'Edm.String'),
  property('ModelName', 'Edm.String'),
  property('VersionNumber', 'Edm.Int32'),
  property('PreviousVersionNumber', 'Edm.Int32'),
];

const toProject = (partner: string): NavigationDef => ({
  name: 'Project',
  target: 'Project',
  collection: false,
  constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }],
  partner,
});

export function changeEntityTypes(
  tables: Record<ChangeSet, string>,
  projectId: () => PropertyDef,
): EntityType[] {
  return [
    {
      name: 'IFCChange',
      key: ['Id'],
      table: tables.IFCChanges,
      properties: [
        property('Id', 'Edm.String'),
        projectId(),
        ...versionColumns,
        property('ChangeType', 'Edm.String'),
        property('GlobalId', 'Edm.String', true),
        property('IfcType', 'Edm.String'),
        property('Name', 'Edm.String', true),
        property('Storey', 'Edm.String', true),
        property('ChangedColumns', 'Edm.String'),
        property('PropertyChangeCount', 'Edm.Int32'),
        property('ChangedAt', 'Edm.DateTimeOffset'),
      ],
      navigation: [toProject('Changes')],
    },
    {
      name: 'IFCPropertyChange',
      key: ['Id'],
      table: tables.IFCPropertyChanges,
      properties: [
        property('Id', 'Edm.String'),
        projectId(),
        ...versionColumns,
        property('GlobalId', 'Edm.String', true),
        property('IfcType', 'Edm.String'),
        property('SetName', 'Edm.String', true),
        property('PropertyName', 'Edm.String', true),
        property('ChangeType', 'Edm.String'),
        property('OldValue', 'Edm.String', true),
        property('NewValue', 'Edm.String', true),
        property('Unit', 'Edm.String', true),
        property('ChangedAt', 'Edm.DateTimeOffset'),
      ],
      navigation: [toProject('PropertyChanges')],
    },
  ];
}

/** Project → its change rows. */
export const projectChangeNavigation: NavigationDef[] = [
  { name: 'Changes', target: 'IFCChange', collection: true, partner: 'Project' },
  { name: 'PropertyChanges', target: 'IFCPropertyChange', collection: true, partner: 'Project' },
].map((n) => ({ ...n, constraint: [{ property: 'ProjectId', referencedProperty: 'ProjectId' }] }));

export const changeEntitySets: EntitySet[] = [
  { name: 'IFCChanges', entityType: 'IFCChange' },
  { name: 'IFCPropertyChanges', entityType: 'IFCPropertyChange' },
];
