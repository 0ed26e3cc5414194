/**
 * Every way our output may differ from IfcOpenShell's, and whether that is explained (allowed, documented in
 * interop/IFCOPENSHELL.md) or a defect (any occurrence fails the suite). GlobalId set and IfcType are not
 * here: they must match exactly.
 */
export interface DifferenceClassInfo {
  explained: boolean;
  /** The allowance: at most maxShare of the compared storeys or values of one file may differ this way. */
  basis: 'storeys' | 'values';
  maxShare: number;
  why: string;
}

export const DIFFERENCE_CLASSES = {
  'storey-name-fallback': {
    explained: true,
    basis: 'storeys',
    maxShare: 1,
    why: "the storey has no Name: we label it with its LongName, else 'IfcBuildingStorey #<id>', so BI tools can group by it",
  },
  'string-blanked-by-web-ifc': {
    explained: true,
    basis: 'values',
    maxShare: 0.01,
    why: 'web-ifc 0.0.78 returns an empty string for a STEP string holding an escape it does not decode; IfcOpenShell decodes it',
  },
  'spatial-element-contained': {
    explained: true,
    basis: 'storeys',
    maxShare: 0.02,
    why: 'a spatial element (e.g. IfcSpace) is contained in a storey by IfcRelContainedInSpatialStructure instead of aggregated; the schema defines no inverse for that, so IfcOpenShell helpers find no storey, we follow the relationship',
  },
  'logical-unknown': {
    explained: true,
    basis: 'values',
    maxShare: 0.05,
    why: "LOGICAL .U.: web-ifc returns undefined, we store the text 'UNKNOWN'; IfcOpenShell returns its own spelling",
  },
  'storey-mismatch': {
    explained: false,
    basis: 'storeys',
    maxShare: 0,
    why: 'the element is placed on another storey (or none) than IfcOpenShell finds',
  },
  'property-missing': {
    explained: false,
    basis: 'storeys',
    maxShare: 0,
    why: 'IfcOpenShell finds a property or quantity we do not store',
  },
  'property-extra': {
    explained: false,
    basis: 'storeys',
    maxShare: 0,
    why: 'we store a property or quantity IfcOpenShell does not find on the element',
  },
  'value-mismatch': {
    explained: false,
    basis: 'storeys',
    maxShare: 0,
    why: 'a single value or quantity differs',
  },
  'value-type-mismatch': {
    explained: false,
    basis: 'storeys',
    maxShare: 0,
    why: "a single value's defined type (IfcLabel, IfcLengthMeasure…) differs",
  },
} as const satisfies Record<string, DifferenceClassInfo>;

export type DifferenceClass = keyof typeof DIFFERENCE_CLASSES;

export interface Difference {
  expressId: number;
  globalId: string | null;
  ours: unknown;
  theirs: unknown;
  detail?: string;
}
