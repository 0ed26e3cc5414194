import { writeDoorWindowParameters } from './door-window-parameters';
import { GENERATED_NAMES, type GeneratedSchema } from './model-options';
import { UNSET, bool, enumValue, real, ref, refs, str, typed } from './step-format';
import type { StepWriter } from './step-writer';

export interface SharedDefinitions {
  v4: boolean;
  history: number;
  building: number;
  buildingPlacement: number;
  /** The 3D model IfcGeometricRepresentationContext (bodies go into its 'Body' sub-context). */
  context: number;
  metre: number;
  /** Property set definitions every door occurrence gets (IfcDoorPanelProperties with doorWindowParameters). */
  doorOccurrenceSets: number[];
  types: { exteriorWall: number; interiorWall: number; window: number; door: number; column: number };
  materials: {
    exteriorWall: number;
    interiorWall: number;
    slab: number;
    column: number;
    beam: number;
    stair: number;
    railing: number;
    furniture: number;
  };
}

function placement(w: StepWriter, relativeTo: number | null, z = 0, x = 0): number {
  const point = w.entity('IfcCartesianPoint', [`(${real(x)},0.,${real(z)})`]);
  const axis = w.entity('IfcAxis2Placement3D', [ref(point), UNSET, UNSET]);
  return w.entity('IfcLocalPlacement', [relativeTo === null ? UNSET : ref(relativeTo), ref(axis)]);
}

export { placement };

function units(w: StepWriter, schema: GeneratedSchema): { assignment: number; metre: number } {
  const si = (type: string, prefix: string | null, name: string) =>
    w.entity('IfcSIUnit', ['*', enumValue(type), prefix ? enumValue(prefix) : UNSET, enumValue(name)]);
  const length = si('LENGTHUNIT', 'MILLI', 'METRE');
  const area = si('AREAUNIT', null, 'SQUARE_METRE');
  const volume = si('VOLUMEUNIT', null, 'CUBIC_METRE');
  const mass = si('MASSUNIT', 'KILO', 'GRAM');
  const angle = si('PLANEANGLEUNIT', null, 'RADIAN');
  const kelvin = si('THERMODYNAMICTEMPERATUREUNIT', null, 'KELVIN');
  const watt = si('POWERUNIT', null, 'WATT');
  // U-values are per square metre, not per square millimetre: the derived unit needs plain metres
  const metre = si('LENGTHUNIT', null, 'METRE');
  const elements = [
    w.entity('IfcDerivedUnitElement', [ref(watt), '1']),
    w.entity('IfcDerivedUnitElement', [ref(metre), '-2']),
    w.entity('IfcDerivedUnitElement', [ref(kelvin), '-1']),
  ];
  // IFC4X3 added an optional Name to derived units
  const uValue = w.entity('IfcDerivedUnit', [
    refs(elements),
    enumValue('THERMALTRANSMITTANCEUNIT'),
    UNSET,
    ...(schema === 'IFC4X3' ? [UNSET] : []),
  ]);
  const assignment = w.entity('IfcUnitAssignment', [
    refs([length, area, volume, mass, angle, kelvin, watt, uValue]),
  ]);
  return { assignment, metre };
}

function propertySet(w: StepWriter, history: number, name: string, properties: number[]): number {
  return w.entity('IfcPropertySet', [str(w.guid()), ref(history), str(name), UNSET, refs(properties)]);
}

export function single(w: StepWriter, name: string, value: string, unit: number | null = null): number {
  return w.entity('IfcPropertySingleValue', [str(name), UNSET, value, unit === null ? UNSET : ref(unit)]);
}

export { propertySet };

/** Owner history, units, project, site, building, materials and type objects: written once. */
export function writeSharedDefinitions(
  w: StepWriter,
  schema: GeneratedSchema,
  projectName: string,
  doorWindowParameters = false,
): SharedDefinitions {
  const v4 = schema !== 'IFC2X3';
  const person = w.entity('IfcPerson', [UNSET, str('Doe'), str('Jane'), UNSET, UNSET, UNSET, UNSET, UNSET]);
  const organization = w.entity('IfcOrganization', [UNSET, str('AEC Con-Tech'), UNSET, UNSET, UNSET]);
  const owner = w.entity('IfcPersonAndOrganization', [ref(person), ref(organization), UNSET]);
  const application = w.entity('IfcApplication', [
    ref(organization),
    str('1.0'),
    str('AEC model generator'),
    str('AECGEN'),
  ]);
  const history = w.entity('IfcOwnerHistory', [
    ref(owner),
    ref(application),
    UNSET,
    enumValue('ADDED'),
    UNSET,
    UNSET,
    UNSET,
    '1705311000',
  ]);
  const origin = w.entity('IfcCartesianPoint', ['(0.,0.,0.)']);
  const world = w.entity('IfcAxis2Placement3D', [ref(origin), UNSET, UNSET]);
  const context = w.entity('IfcGeometricRepresentationContext', [
    UNSET,
    str('Model'),
    '3',
    '1.E-05',
    ref(world),
    UNSET,
  ]);
  const { assignment, metre } = units(w, schema);
  const project = w.entity('IfcProject', [
    str(w.guid()),
    ref(history),
    str(projectName),
    UNSET,
    UNSET,
    UNSET,
    UNSET,
    refs([context]),
    ref(assignment),
  ]);

  const sitePlacement = placement(w, null);
  // written with \S\ (ISO 8859-1 high half) on purpose: older exporters still do this
  const site = w.product('IfcSite', [
    str(w.guid()),
    ref(history),
    "'Gro\\S\\_e Wiese'",
    UNSET,
    UNSET,
    ref(sitePlacement),
    UNSET,
    UNSET,
    enumValue('ELEMENT'),
    UNSET,
    UNSET,
    UNSET,
    UNSET,
    UNSET,
  ]);
  const buildingPlacement = placement(w, sitePlacement);
  const building = w.product('IfcBuilding', [
    str(w.guid()),
    ref(history),
    str(GENERATED_NAMES.building),
    UNSET,
    UNSET,
    ref(buildingPlacement),
    UNSET,
    UNSET,
    enumValue('ELEMENT'),
    UNSET,
    UNSET,
    UNSET,
  ]);
  w.entity('IfcRelAggregates', [str(w.guid()), ref(history), UNSET, UNSET, ref(project), refs([site])]);
  w.entity('IfcRelAggregates', [str(w.guid()), ref(history), UNSET, UNSET, ref(site), refs([building])]);

  const materials = writeMaterials(w, v4);
  const parameters = doorWindowParameters ? writeDoorWindowParameters(w, v4, history) : null;
  const types = writeTypes(w, v4, history, materials.window, materials.door, {
    door: parameters ? [parameters.doorLining] : [],
    window: parameters ? [parameters.windowLining, parameters.windowPanel] : [],
  });
  const doorOccurrenceSets = parameters ? [parameters.doorPanel] : [];
  return { v4, history, building, buildingPlacement, context, metre, doorOccurrenceSets, types, materials };
}

function material(w: StepWriter, v4: boolean, name: string): number {
  return w.entity('IfcMaterial', v4 ? [str(name), UNSET, UNSET] : [str(name)]);
}

function layerSetUsage(w: StepWriter, v4: boolean, setName: string, layers: Array<[number, number]>): number {
  const layerIds = layers.map(([m, thickness]) =>
    w.entity(
      'IfcMaterialLayer',
      v4 ? [ref(m), real(thickness), UNSET, UNSET, UNSET, UNSET, UNSET] : [ref(m), real(thickness), UNSET],
    ),
  );
  const set = w.entity(
    'IfcMaterialLayerSet',
    v4 ? [refs(layerIds), str(setName), UNSET] : [refs(layerIds), str(setName)],
  );
  const tail = v4 ? [real(0), UNSET] : [real(0)];
  return w.entity('IfcMaterialLayerSetUsage', [ref(set), enumValue('AXIS2'), enumValue('POSITIVE'), ...tail]);
}

function writeMaterials(w: StepWriter, v4: boolean) {
  const concrete = material(w, v4, 'Concrete');
  const brick = material(w, v4, 'Brick');
  const insulation = material(w, v4, 'Mineral wool');
  const gypsum = material(w, v4, 'Gypsum board');
  const steel = material(w, v4, 'Steel');
  const glass = material(w, v4, 'Glass');
  const aluminium = material(w, v4, 'Aluminium');
  const timber = material(w, v4, 'Oak');

  const density = single(w, 'MassDensity', typed('IfcMassDensityMeasure', real(2400)));
  const densityNote = single(w, 'Grade', typed('IfcLabel', str('C30/37')));
  if (v4)
    w.entity('IfcMaterialProperties', [
      str('Pset_MaterialCommon'),
      UNSET,
      refs([density, densityNote]),
      ref(concrete),
    ]);
  else
    w.entity('IfcExtendedMaterialProperties', [
      ref(concrete),
      refs([density, densityNote]),
      UNSET,
      str('Pset_MaterialCommon'),
    ]);

  const exteriorWall = layerSetUsage(w, v4, 'Exterior wall 355', [
    [brick, 240],
    [insulation, 100],
    [gypsum, 15],
  ]);
  const slab = layerSetUsage(w, v4, 'Slab 200', [[concrete, 200]]);
  const interiorWall = w.entity('IfcMaterialList', [refs([gypsum, steel])]);
  let beam = steel;
  let window: number;
  if (v4) {
    const profile = w.entity('IfcRectangleProfileDef', [
      enumValue('AREA'),
      str('200x400'),
      UNSET,
      real(200),
      real(400),
    ]);
    const materialProfile = w.entity('IfcMaterialProfile', [
      str('Beam 200x400'),
      UNSET,
      ref(steel),
      ref(profile),
      UNSET,
      UNSET,
    ]);
    const profileSet = w.entity('IfcMaterialProfileSet', [
      str('Steel beams'),
      UNSET,
      refs([materialProfile]),
      UNSET,
    ]);
    beam = w.entity('IfcMaterialProfileSetUsage', [ref(profileSet), UNSET, UNSET]);
    const frame = w.entity('IfcMaterialConstituent', [str('Frame'), UNSET, ref(aluminium), UNSET, UNSET]);
    const glazing = w.entity('IfcMaterialConstituent', [str('Glazing'), UNSET, ref(glass), UNSET, UNSET]);
    window = w.entity('IfcMaterialConstituentSet', [str('Window'), UNSET, refs([frame, glazing])]);
  } else {
    window = w.entity('IfcMaterialList', [refs([aluminium, glass])]);
  }
  return {
    exteriorWall,
    interiorWall,
    slab,
    column: concrete,
    beam,
    stair: concrete,
    railing: steel,
    furniture: timber,
    window,
    door: timber,
  };
}

function writeTypes(
  w: StepWriter,
  v4: boolean,
  history: number,
  windowMaterial: number,
  doorMaterial: number,
  extraTypeSets: { door: number[]; window: number[] },
) {
  const h = ref(history);
  const uValue = (value: number) =>
    single(w, 'ThermalTransmittance', typed('IfcThermalTransmittanceMeasure', real(value)));
  const label = (name: string, value: string) => single(w, name, typed('IfcLabel', str(value)));
  const exteriorSet = propertySet(w, history, 'Pset_WallCommon', [
    uValue(0.24),
    label('AcousticRating', 'Rw 52 dB'),
    label('FireRating', 'REI 30'),
  ]);
  const interiorSet = propertySet(w, history, 'Pset_WallCommon', [
    label('FireRating', 'EI 30'),
    label('AcousticRating', 'Rw 42 dB'),
  ]);
  const windowSet = propertySet(w, history, 'Pset_WindowCommon', [uValue(1.1)]);
  const doorSet = propertySet(w, history, 'Pset_DoorCommon', [label('FireRating', 'EI2 30')]);
  const columnLength = w.entity(
    'IfcQuantityLength',
    v4 ? [str('Length'), UNSET, UNSET, real(3000), UNSET] : [str('Length'), UNSET, UNSET, real(3000)],
  );
  const columnQuantities = w.entity('IfcElementQuantity', [
    str(w.guid()),
    h,
    str('Qto_ColumnBaseQuantities'),
    UNSET,
    UNSET,
    refs([columnLength]),
  ]);

  const wallType = (name: string, set: number, kind: string) =>
    w.entity('IfcWallType', [
      str(w.guid()),
      h,
      str(name),
      UNSET,
      UNSET,
      refs([set]),
      UNSET,
      UNSET,
      UNSET,
      enumValue(kind),
    ]);
  const exteriorWall = wallType('Exterior Wall 355', exteriorSet, 'STANDARD');
  // IFC2X3's IfcWallTypeEnum has no PARTITIONING (IfcOpenShell's validation flags it)
  const interiorWall = wallType('Interior Wall 100', interiorSet, v4 ? 'PARTITIONING' : 'STANDARD');
  const typeHead = (name: string, set: number, extra: number[] = []) => [
    str(w.guid()),
    h,
    str(name),
    UNSET,
    UNSET,
    refs([set, ...extra]),
    UNSET,
    UNSET,
  ];
  const window = v4
    ? w.entity('IfcWindowType', [
        ...typeHead('Window 1200x1500', windowSet, extraTypeSets.window),
        UNSET,
        enumValue('WINDOW'),
        enumValue('SINGLE_PANEL'),
        bool(false),
        UNSET,
      ])
    : w.entity('IfcWindowStyle', [
        ...typeHead('Window 1200x1500', windowSet, extraTypeSets.window),
        enumValue('ALUMINIUM'),
        enumValue('SINGLE_PANEL'),
        bool(false),
        bool(false),
      ]);
  const door = v4
    ? w.entity('IfcDoorType', [
        ...typeHead('Door 900x2100', doorSet, extraTypeSets.door),
        UNSET,
        enumValue('DOOR'),
        enumValue('SINGLE_SWING_LEFT'),
        bool(false),
        UNSET,
      ])
    : w.entity('IfcDoorStyle', [
        ...typeHead('Door 900x2100', doorSet, extraTypeSets.door),
        enumValue('SINGLE_SWING_LEFT'),
        enumValue('WOOD'),
        bool(false),
        bool(false),
      ]);
  const column = w.entity('IfcColumnType', [
    ...typeHead('Column 300x300', columnQuantities),
    UNSET,
    enumValue('COLUMN'),
  ]);
  // windows and doors carry no material of their own: extraction must find it through the type
  w.entity('IfcRelAssociatesMaterial', [str(w.guid()), h, UNSET, UNSET, refs([window]), ref(windowMaterial)]);
  w.entity('IfcRelAssociatesMaterial', [str(w.guid()), h, UNSET, UNSET, refs([door]), ref(doorMaterial)]);
  return { exteriorWall, interiorWall, window, door, column };
}
