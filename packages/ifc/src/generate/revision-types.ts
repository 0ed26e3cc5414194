/** How many elements version 2 adds, removes and modifies; the seed picks which ones. */
export interface RevisionOptions {
  added: number;
  removed: number;
  modified: number;
  /** Picks the elements and storeys (default 1); independent of the model's own seed. */
  seed?: number;
}

export type ExpectedChangeType = 'Added' | 'Removed' | 'Modified';

/** One property value that differs between the versions, compared by (SetName, PropertyName). */
export interface ExpectedPropertyChange {
  setName: string | null;
  propertyName: string | null;
  changeType: ExpectedChangeType;
  /** The extraction's Value text (numbers as String(n), booleans 'true'/'false'). */
  oldValue: string | null;
  newValue: string | null;
  /** The unit of the new value, or of the old one for a removed property. */
  unit: string | null;
}

/** One changed element. Added and modified elements carry version 2's values, removed ones version 1's. */
export interface ExpectedChange {
  globalId: string;
  changeType: ExpectedChangeType;
  ifcType: string;
  name: string | null;
  storey: string | null;
  /** Element columns that differ, in the feed's column order (empty when only property values changed). */
  changedColumns: string[];
  /** Only for modified elements. */
  propertyChanges: ExpectedPropertyChange[];
}

/** What version 2 changed, as the tests and benches expect the change computation to find it. */
export interface RevisionManifest {
  seed: number;
  /** Products (element rows) of version 1 and version 2. */
  baseProducts: number;
  revisedProducts: number;
  added: number;
  removed: number;
  modified: number;
  /** Property value changes over every modified element. */
  propertyValuesChanged: number;
  /** GlobalIds present in both versions. */
  commonElements: number;
  /** Sorted by GlobalId (code unit order). */
  changes: ExpectedChange[];
}
