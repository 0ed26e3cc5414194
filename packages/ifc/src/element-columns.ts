import type { DecodedSet } from './property-sets';
import { asBoolean } from './typed-value';
import type { ElementRow } from './types';

type PsetColumn =
  | 'Reference'
  | 'Status'
  | 'IsExternal'
  | 'LoadBearing'
  | 'FireRating'
  | 'AcousticRating'
  | 'ThermalTransmittance'
  | 'Combustible'
  | 'SurfaceSpreadOfFlame'
  | 'Compartmentation'
  | 'HandicapAccessible'
  | 'FireExit';
type QuantityColumn =
  | 'Length'
  | 'Width'
  | 'Height'
  | 'Depth'
  | 'Perimeter'
  | 'GrossArea'
  | 'NetArea'
  | 'GrossSideArea'
  | 'NetSideArea'
  | 'GrossFootprintArea'
  | 'GrossVolume'
  | 'NetVolume'
  | 'GrossWeight'
  | 'NetWeight';

export type ColumnValues = Pick<ElementRow, PsetColumn | QuantityColumn>;

/** The Pset_*Common properties BI users filter on, with how each is read. */
const PSET_COLUMNS: Record<PsetColumn, 'text' | 'bool' | 'number'> = {
  Reference: 'text',
  Status: 'text',
  IsExternal: 'bool',
  LoadBearing: 'bool',
  FireRating: 'text',
  AcousticRating: 'text',
  ThermalTransmittance: 'number',
  Combustible: 'bool',
  SurfaceSpreadOfFlame: 'text',
  Compartmentation: 'bool',
  HandicapAccessible: 'bool',
  FireExit: 'bool',
};

/**
 * Base quantity names → column. Exact names first; space and opening quantity sets name their
 * areas differently (GrossFloorArea, Area), so those fill the column only when it is still empty.
 */
const QUANTITY_COLUMNS: Record<string, QuantityColumn> = {
  Length: 'Length',
  Width: 'Width',
  Height: 'Height',
  Depth: 'Depth',
  Perimeter: 'Perimeter',
  GrossArea: 'GrossArea',
  NetArea: 'NetArea',
  GrossSideArea: 'GrossSideArea',
  NetSideArea: 'NetSideArea',
  GrossFootprintArea: 'GrossFootprintArea',
  GrossVolume: 'GrossVolume',
  NetVolume: 'NetVolume',
  GrossWeight: 'GrossWeight',
  NetWeight: 'NetWeight',
  GrossFloorArea: 'GrossArea',
  NetFloorArea: 'NetArea',
  Area: 'GrossArea',
};

export function isCommonPropertySet(name: string | null): boolean {
  return name !== null && name.startsWith('Pset_') && name.endsWith('Common');
}

/** Qto_WallBaseQuantities… (IFC4) or plain 'BaseQuantities' (IFC2X3 exporters). */
export function isBaseQuantitySet(name: string | null): boolean {
  return (
    name !== null &&
    (name === 'BaseQuantities' || (name.startsWith('Qto_') && name.endsWith('BaseQuantities')))
  );
}

/**
 * Fills typed columns from property sets given in priority order (instance sets before the
 * type's): the first value found for a column wins.
 */
export function fillColumns(columns: ColumnValues, sets: DecodedSet[]): void {
  for (const set of sets) {
    if (set.isQuantitySet ? !isBaseQuantitySet(set.name) : !isCommonPropertySet(set.name)) continue;
    for (const property of set.properties) {
      if (!property.name) continue;
      if (set.isQuantitySet) {
        const column = Object.hasOwn(QUANTITY_COLUMNS, property.name)
          ? QUANTITY_COLUMNS[property.name]
          : undefined;
        if (column && columns[column] === null) columns[column] = property.value.number;
        continue;
      }
      // hasOwn: a property literally named 'constructor' must not hit Object.prototype
      const kind = Object.hasOwn(PSET_COLUMNS, property.name)
        ? PSET_COLUMNS[property.name as PsetColumn]
        : undefined;
      if (!kind || columns[property.name as PsetColumn] !== null) continue;
      const target = columns as Record<PsetColumn, string | number | boolean | null>;
      if (kind === 'bool') target[property.name as PsetColumn] = asBoolean(property.value);
      else if (kind === 'number') target[property.name as PsetColumn] = property.value.number;
      else target[property.name as PsetColumn] = property.value.text;
    }
  }
}
