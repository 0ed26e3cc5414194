import type { ModificationKind, RevisionRole } from './revision-plan';
import { bool, real, str, typed } from './step-format';

/**
 * One property edit on a set the element already has. The set is cloned for that element (the original may be
 * shared by a whole storey), so only this element's value changes.
 */
export interface PropertyEdit {
  /** Set names to look for (IFC2X3 exporters call every base quantity set 'BaseQuantities'). */
  sets: string[];
  property: string;
  /** The new value as written in the file; null removes the property. */
  value: string | null;
  /** The element column the property fills, if any (see element-columns.ts). */
  column: string | null;
  /** The unit the extraction gives the value (the generated project's units: mm, m2, m3). */
  unit: string | null;
}

/** Properties changed by 'propertyChanged' / 'nameAndProperty': each pair is unique for its element. */
const CHANGED: Partial<Record<RevisionRole, PropertyEdit>> = {
  wall: {
    sets: ['Qto_WallBaseQuantities', 'BaseQuantities'],
    property: 'Height',
    value: real(3150),
    column: 'Height',
    unit: 'mm',
  },
  window: {
    sets: ['Pset_WindowCommon'],
    property: 'Reference',
    value: typed('IfcLabel', str('W-1200-R2')),
    column: 'Reference',
    unit: null,
  },
  door: {
    sets: ['Pset_DoorCommon'],
    property: 'HandicapAccessible',
    value: typed('IfcBoolean', bool(false)),
    column: 'HandicapAccessible',
    unit: null,
  },
  // PourSequence fills no column: a change only IFCPropertyChanges shows
  slab: {
    sets: ['AEC_SlabData'],
    property: 'PourSequence',
    value: typed('IfcInteger', '0'),
    column: null,
    unit: null,
  },
  space: {
    sets: ['Pset_SpaceCommon'],
    property: 'Reference',
    value: typed('IfcLabel', str('Besprechungsraum')),
    column: 'Reference',
    unit: null,
  },
  beam: {
    sets: ['Qto_BeamBaseQuantities', 'BaseQuantities'],
    property: 'Length',
    value: real(9999),
    column: 'Length',
    unit: 'mm',
  },
};

const REMOVED: Partial<Record<RevisionRole, PropertyEdit>> = {
  slab: { sets: ['AEC_SlabData'], property: 'Inspected', value: null, column: null, unit: null },
  wall: {
    sets: ['Qto_WallBaseQuantities', 'BaseQuantities'],
    property: 'GrossFootprintArea',
    value: null,
    column: 'GrossFootprintArea',
    unit: 'm2',
  },
  space: {
    sets: ['Qto_SpaceBaseQuantities', 'BaseQuantities'],
    property: 'GrossVolume',
    value: null,
    column: 'GrossVolume',
    unit: 'm3',
  },
};

/** The property 'propertyAdded' gives an element, in a set of its own. */
export const ADDED_PROPERTY = {
  set: 'AEC_Revision',
  property: 'ReviewStatus',
  value: typed('IfcLabel', str('Geprüft')),
  text: 'Geprüft',
};

export const RENAMED_SUFFIX = ' – geändert';
export const NEW_OBJECT_TYPE = 'Überarbeitet (Rev. 2)';

/** The edit a modification makes on an existing set, if any. */
export function propertyEditOf(kind: ModificationKind, role: RevisionRole): PropertyEdit | null {
  const table =
    kind === 'propertyChanged' || kind === 'nameAndProperty'
      ? CHANGED
      : kind === 'propertyRemoved'
        ? REMOVED
        : {};
  const edit = table[role];
  if ((kind === 'propertyChanged' || kind === 'nameAndProperty' || kind === 'propertyRemoved') && !edit)
    throw new Error(`no ${kind} recipe for ${role}`);
  return edit ?? null;
}
