export type GeneratedSchema = 'IFC4' | 'IFC2X3' | 'IFC4X3';

/** Faults injected on purpose so tests can check how bad files are handled. */
export interface GeneratorFaults {
  /** References to entities that do not exist: an orphan proxy whose container, property set,
   * type and material are all missing, plus a missing element in a containment list. */
  danglingReferences?: boolean;
  /** A string literal that never closes (web-ifc rejects the whole file). */
  unterminatedString?: boolean;
  /** Strings with invalid or unusual escapes (see ENCODING_FAULT_STRINGS): their text must survive. */
  encodingFaults?: boolean;
  /** The file stops early: no END-ISO-10303-21; trailer. */
  truncated?: boolean;
}

export interface GeneratorOptions {
  /** Storeys (default 3). With writeIfcModel's targetBytes, storeys keep coming until the size is reached. */
  storeys?: number;
  /** Structural bays per storey (default 4): each adds ten products: two walls, a window, a door, two openings,
   * a column, a beam, a space and a desk. */
  bays?: number;
  /** IFC4 by default; IFC4X3 writes the IFC4 entities under an IFC4X3_ADD2 header. */
  schema?: GeneratedSchema;
  name?: string;
  seed?: number;
  /** Door and window types carry IfcDoorLiningProperties, IfcWindowLiningProperties and IfcWindowPanelProperties,
   * and every door an IfcDoorPanelProperties (see DOOR_WINDOW_PARAMETERS). */
  doorWindowParameters?: boolean;
  faults?: GeneratorFaults;
  /** Adds a property set and a quantity set without a Name (`$`) to every storey (valid IFC, see unnamed-sets.ts). */
  unnamedSets?: boolean;
  /** 'heavy': every product but the spatial structure gets a body (faceted Breps; tessellated furniture in IFC4)
   * and its own placement, so geometry is most of the file's bytes, as in models exported from authoring tools.
   * Rows stay those of the model without it (ExpressIds aside: bodies take ids between the products'). */
  geometry?: GeometryDetail;
}

export type GeometryDetail = 'none' | 'heavy';

/** What the generator wrote, to compare extraction results with. */
export interface GeneratedCounts {
  /** FILE_SCHEMA written in the header. */
  schema: string;
  productsByType: Record<string, number>;
  totalProducts: number;
  /** Products whose storey is each storey name (spaces, furniture, openings and flights included). */
  productsByStorey: Record<string, number>;
  storeys: number;
  bays: number;
  bytes: number;
  /** Bytes of body geometry lines (0 without `geometry: 'heavy'`). */
  geometryBytes: number;
}

export const DEFAULT_STOREYS = 3;
export const DEFAULT_BAYS = 4;
export const STOREY_HEIGHT = 3000;
export const FIXED_TIMESTAMP = '2024-01-15T09:30:00';
export const ORPHAN_PROXY_NAME = 'Orphan proxy';

/** Names the tests look for. */
export const GENERATED_NAMES = {
  building: 'Bürogebäude',
  /** written with a \S\ escape, as ISO 8859-1 exporters did */
  site: 'Große Wiese',
  apostropheSpace: "O'Brien Room",
  storey: (index: number) => `Level ${index}`,
};

export function bayLength(bay: number): number {
  return 5000 + 500 * (bay % 4);
}
