import { type BayFrame, type Solid, bayShapes, storeyShapes } from './body-shapes';
import type { BodyWriter } from './body-writer';
import { GENERATED_NAMES, STOREY_HEIGHT, bayLength } from './model-options';
import { placement, propertySet, single, type SharedDefinitions } from './shared-definitions';
import { UNSET, bool, enumValue, real, ref, refs, str, typed } from './step-format';
import type { StepWriter } from './step-writer';
import { type BodySpec, StoreyContext } from './storey-context';

const WALL_HEIGHT = STOREY_HEIGHT;
const BAY_DEPTH = 6000;

const flag = (w: StepWriter, name: string, value: boolean) =>
  single(w, name, typed('IfcBoolean', bool(value)));
const label = (w: StepWriter, name: string, value: string) => single(w, name, typed('IfcLabel', str(value)));

/** One storey: slab, stair with its flight, railing and `bays` bays of walls, openings, windows,
 * doors, columns, beams, spaces and furniture, with property sets, quantities, types and materials. */
export function writeStorey(
  w: StepWriter,
  d: SharedDefinitions,
  index: number,
  bays: number,
  bodies: BodyWriter | null = null,
): number {
  const storeyPlacement = placement(w, d.buildingPlacement, index * STOREY_HEIGHT);
  const storey = w.product('IfcBuildingStorey', [
    str(w.guid()),
    ref(d.history),
    str(GENERATED_NAMES.storey(index)),
    UNSET,
    UNSET,
    ref(storeyPlacement),
    UNSET,
    UNSET,
    enumValue('ELEMENT'),
    real(index * STOREY_HEIGHT),
  ]);
  const c = new StoreyContext(w, d, storeyPlacement, index, bodies);
  const v4 = d.v4;

  const shared = {
    exteriorWall: propertySet(w, d.history, 'Pset_WallCommon', [
      flag(w, 'IsExternal', true),
      flag(w, 'LoadBearing', true),
      label(w, 'FireRating', 'REI 90'),
      label(w, 'Reference', 'EW-355'),
    ]),
    interiorWall: propertySet(w, d.history, 'Pset_WallCommon', [
      flag(w, 'IsExternal', false),
      flag(w, 'LoadBearing', false),
    ]),
    window: propertySet(w, d.history, 'Pset_WindowCommon', [
      flag(w, 'IsExternal', true),
      label(w, 'Reference', 'W-1200'),
    ]),
    door: propertySet(w, d.history, 'Pset_DoorCommon', [
      flag(w, 'IsExternal', false),
      flag(w, 'HandicapAccessible', true),
      flag(w, 'FireExit', false),
    ]),
    column: propertySet(w, d.history, 'Pset_ColumnCommon', [
      flag(w, 'LoadBearing', true),
      flag(w, 'IsExternal', false),
    ]),
    space: propertySet(w, d.history, 'Pset_SpaceCommon', [
      label(w, 'Reference', 'Office'),
      flag(w, 'IsExternal', false),
      flag(w, 'HandicapAccessible', true),
    ]),
  };

  for (let bay = 0; bay < bays; bay++) writeBay(c, bay);

  const slabLength = totalLength(bays);
  const slab = w.product('IfcSlab', [
    ...c.head(`Floor slab ${index}`, `SL-${index}`, {
      x: 0,
      solids: () => storeyShapes.slab(slabLength, BAY_DEPTH),
    }),
    enumValue('FLOOR'),
  ]);
  c.lists.contained.push(slab);
  const slabArea = (slabLength * BAY_DEPTH) / 1e6;
  c.defines(
    [slab],
    propertySet(w, d.history, 'Pset_SlabCommon', [
      flag(w, 'IsExternal', false),
      flag(w, 'LoadBearing', true),
      label(w, 'FireRating', 'REI 60'),
      flag(w, 'Combustible', false),
      single(w, 'ThermalTransmittance', typed('IfcThermalTransmittanceMeasure', real(0.3))),
    ]),
  );
  c.defines(
    [slab],
    propertySet(w, d.history, 'AEC_SlabData', [
      single(w, 'SpanLength', typed('IfcLengthMeasure', real(6)), d.metre),
      single(w, 'PourSequence', typed('IfcInteger', String(index + 1))),
      single(w, 'Inspected', typed('IfcLogical', '.U.')),
      w.entity('IfcPropertyEnumeratedValue', [
        str('Finish'),
        UNSET,
        `(${typed('IfcLabel', str('Screed'))},${typed('IfcLabel', str('Tiles'))})`,
        UNSET,
      ]),
    ]),
  );
  c.defines(
    [slab],
    c.quantities('Qto_SlabBaseQuantities', [
      ['Length', 'Width', 200],
      ['Length', 'Perimeter', 2 * (slabLength + BAY_DEPTH)],
      ['Area', 'GrossArea', slabArea],
      ['Area', 'NetArea', slabArea],
      ['Volume', 'GrossVolume', slabArea * 0.2],
      ['Volume', 'NetVolume', slabArea * 0.2],
      ['Weight', 'GrossWeight', slabArea * 0.2 * 2400],
    ]),
  );

  const stair = w.product('IfcStair', [
    ...c.head(`Stair ${index}`, `ST-${index}`, {
      x: 0,
      solids: () => storeyShapes.stair(slabLength, WALL_HEIGHT),
    }),
    enumValue('STRAIGHT_RUN_STAIR'),
  ]);
  const flightTail = ['18', '17', real(166.7), real(280)];
  const flight = w.product('IfcStairFlight', [
    ...c.head(`Flight ${index}`, `SF-${index}`, {
      x: 0,
      solids: () => storeyShapes.flight(slabLength, 17, 166.7, 280),
    }),
    ...flightTail,
    ...(v4 ? [enumValue('STRAIGHT')] : []),
  ]);
  c.rel('IfcRelAggregates', [ref(stair), refs([flight])]);
  const railing = w.product('IfcRailing', [
    ...c.head(`Railing ${index}`, `RL-${index}`, {
      x: 0,
      solids: () => storeyShapes.railing(slabLength, BAY_DEPTH),
    }),
    enumValue('HANDRAIL'),
  ]);
  c.lists.contained.push(stair, railing);
  c.defines([stair], propertySet(w, d.history, 'Pset_StairCommon', [flag(w, 'FireExit', true)]));

  const l = c.lists;
  c.defines(l.exteriorWalls, shared.exteriorWall);
  c.defines(l.interiorWalls, shared.interiorWall);
  c.defines(l.windows, shared.window);
  c.defines(l.doors, shared.door);
  for (const set of d.doorOccurrenceSets) c.defines(l.doors, set);
  c.defines(l.columns, shared.column);
  c.defines(l.spaces, shared.space);
  c.rel('IfcRelDefinesByType', [refs(l.exteriorWalls), ref(d.types.exteriorWall)]);
  c.rel('IfcRelDefinesByType', [refs(l.interiorWalls), ref(d.types.interiorWall)]);
  c.rel('IfcRelDefinesByType', [refs(l.windows), ref(d.types.window)]);
  c.rel('IfcRelDefinesByType', [refs(l.doors), ref(d.types.door)]);
  c.rel('IfcRelDefinesByType', [refs(l.columns), ref(d.types.column)]);
  const m = d.materials;
  c.rel('IfcRelAssociatesMaterial', [refs(l.exteriorWalls), ref(m.exteriorWall)]);
  c.rel('IfcRelAssociatesMaterial', [refs(l.interiorWalls), ref(m.interiorWall)]);
  c.rel('IfcRelAssociatesMaterial', [refs([slab]), ref(m.slab)]);
  c.rel('IfcRelAssociatesMaterial', [refs(l.columns), ref(m.column)]);
  c.rel('IfcRelAssociatesMaterial', [refs(l.beams), ref(m.beam)]);
  c.rel('IfcRelAssociatesMaterial', [refs([stair, flight]), ref(m.stair)]);
  c.rel('IfcRelAssociatesMaterial', [refs([railing]), ref(m.railing)]);
  c.rel('IfcRelContainedInSpatialStructure', [refs(l.contained), ref(storey)]);
  if (l.spaces.length) c.rel('IfcRelAggregates', [ref(storey), refs(l.spaces)]);
  return storey;
}

function totalLength(bays: number): number {
  let sum = 0;
  for (let bay = 0; bay < bays; bay++) sum += bayLength(bay);
  return sum;
}

function writeBay(c: StoreyContext, bay: number): void {
  const { w, d, index } = c;
  const v4 = d.v4;
  const id = `${index}.${bay}`;
  const length = bayLength(bay);
  const frame: BayFrame = {
    length,
    depth: BAY_DEPTH,
    height: WALL_HEIGHT,
    exteriorThickness: 355,
    interiorThickness: 100,
  };
  const x = totalLength(bay);
  const body = (shape: (f: BayFrame) => Solid[], tessellated = false): BodySpec => ({
    x,
    solids: () => shape(frame),
    tessellated,
  });
  const wallClass = v4 ? 'IfcWall' : 'IfcWallStandardCase';
  const wallTail = (kind: string) => (v4 ? [enumValue(kind)] : []);
  const exteriorWall = w.product(wallClass, [
    ...c.head(`Exterior wall ${id}`, `EW-${id}`, body(bayShapes.exteriorWall)),
    ...wallTail('STANDARD'),
  ]);
  const interiorWall = w.product(wallClass, [
    ...c.head(`Interior wall ${id}`, `IW-${id}`, body(bayShapes.interiorWall)),
    ...wallTail('PARTITIONING'),
  ]);
  const wallQuantities = (thickness: number, openingArea: number) => {
    const side = (length * WALL_HEIGHT) / 1e6;
    const volume = (side * thickness) / 1000;
    return c.quantities('Qto_WallBaseQuantities', [
      ['Length', 'Length', length],
      ['Length', 'Width', thickness],
      ['Length', 'Height', WALL_HEIGHT],
      ['Area', 'GrossSideArea', side],
      ['Area', 'NetSideArea', side - openingArea],
      ['Area', 'GrossFootprintArea', (length * thickness) / 1e6],
      ['Volume', 'GrossVolume', volume],
      ['Volume', 'NetVolume', volume - (openingArea * thickness) / 1000],
    ]);
  };
  c.defines([exteriorWall], wallQuantities(355, 1.8));
  c.defines([interiorWall], wallQuantities(100, 1.89));

  const opening = (host: number, depth: number, width: number, height: number, shape: BodySpec) => {
    const o = w.product('IfcOpeningElement', [
      ...c.head(`Opening ${id}`, undefined, shape),
      ...(v4 ? [UNSET, enumValue('OPENING')] : [UNSET]),
    ]);
    c.rel('IfcRelVoidsElement', [ref(host), ref(o)]);
    c.defines(
      [o],
      c.quantities('Qto_OpeningElementBaseQuantities', [
        ['Length', 'Width', width],
        ['Length', 'Height', height],
        ['Length', 'Depth', depth],
      ]),
    );
    return o;
  };
  const windowOpening = opening(exteriorWall, 355, 1200, 1500, body(bayShapes.windowOpening));
  const window = w.product('IfcWindow', [
    ...c.head(`Window ${id}`, `W-${id}`, body(bayShapes.window)),
    real(1500),
    real(1200),
    ...(v4 ? [enumValue('WINDOW'), enumValue('SINGLE_PANEL'), UNSET] : []),
  ]);
  c.rel('IfcRelFillsElement', [ref(windowOpening), ref(window)]);
  c.defines(
    [window],
    c.quantities('Qto_WindowBaseQuantities', [
      ['Length', 'Width', 1200],
      ['Length', 'Height', 1500],
      ['Area', 'Area', 1.8],
    ]),
  );
  const doorOpening = opening(interiorWall, 100, 900, 2100, body(bayShapes.doorOpening));
  const door = w.product('IfcDoor', [
    ...c.head(`Door ${id}`, `D-${id}`, body(bayShapes.door)),
    real(2100),
    real(900),
    ...(v4 ? [enumValue('DOOR'), enumValue('SINGLE_SWING_LEFT'), UNSET] : []),
  ]);
  c.rel('IfcRelFillsElement', [ref(doorOpening), ref(door)]);
  c.defines(
    [door],
    c.quantities('Qto_DoorBaseQuantities', [
      ['Length', 'Width', 900],
      ['Length', 'Height', 2100],
      ['Area', 'Area', 1.89],
    ]),
  );

  const column = w.product('IfcColumn', [
    ...c.head(`Column ${id}`, `C-${id}`, body(bayShapes.column)),
    ...(v4 ? [enumValue('COLUMN')] : []),
  ]);
  const beam = w.product('IfcBeam', [
    ...c.head(`Beam ${id}`, `B-${id}`, body(bayShapes.beam)),
    ...(v4 ? [enumValue('BEAM')] : []),
  ]);
  c.defines(
    [beam],
    c.quantities('Qto_BeamBaseQuantities', [
      ['Length', 'Length', length],
      ['Volume', 'GrossVolume', (length * 0.08) / 1000],
      ['Weight', 'NetWeight', length * 0.628],
    ]),
  );

  const spaceName = index === 0 && bay === 0 ? GENERATED_NAMES.apostropheSpace : `Room ${id}`;
  const spaceTail = v4
    ? [enumValue('ELEMENT'), enumValue('INTERNAL'), UNSET]
    : [enumValue('ELEMENT'), enumValue('INTERNAL'), UNSET];
  const space = w.product('IfcSpace', [
    ...c.head(spaceName, undefined, body(bayShapes.space)),
    str(`Office ${id}`),
    ...spaceTail,
  ]);
  const floor = (length * BAY_DEPTH) / 1e6;
  c.defines(
    [space],
    c.quantities('Qto_SpaceBaseQuantities', [
      ['Area', 'GrossFloorArea', floor],
      ['Area', 'NetFloorArea', floor * 0.95],
      ['Length', 'Height', WALL_HEIGHT],
      ['Volume', 'GrossVolume', floor * 3],
    ]),
  );
  const furnitureClass = v4 ? 'IfcFurniture' : 'IfcFurnishingElement';
  const desk = w.product(furnitureClass, [
    // furniture is tessellated where the schema allows (IFC4 exporters write families as triangle meshes)
    ...c.head(`Desk ${id}`, `F-${id}`, body(bayShapes.desk, true)),
    ...(v4 ? [enumValue('DESK')] : []),
  ]);
  c.rel('IfcRelContainedInSpatialStructure', [refs([desk]), ref(space)]);
  c.rel('IfcRelAssociatesMaterial', [refs([desk]), ref(d.materials.furniture)]);

  const l = c.lists;
  l.contained.push(exteriorWall, interiorWall, window, door, column, beam);
  l.exteriorWalls.push(exteriorWall);
  l.interiorWalls.push(interiorWall);
  l.windows.push(window);
  l.doors.push(door);
  l.columns.push(column);
  l.beams.push(beam);
  l.spaces.push(space);
}
