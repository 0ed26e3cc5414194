/**
 * Solids of the bodies the geometry-heavy generator gives each product (see body-writer.ts): boxes and prisms
 * with faces and shared corner points, in millimetres in the product's own placement, shaped like what an
 * authoring tool exports for a wall with its opening cut out, a window frame, a round column, an I-beam, a stair flight.
 */

export type Point3 = [number, number, number];

/** A closed polyhedron: corner points and faces as point indices, counter-clockwise seen from outside. */
export interface Solid {
  points: Point3[];
  faces: number[][];
}

type Axis = 'x' | 'y' | 'z';

/**
 * A profile (counter-clockwise polygon in its own u,v plane) extruded by `depth` along `along`, starting at `from`;
 * u and v follow the axes after `along` in cyclic order (z: u=x v=y; x: u=y v=z; y: u=z v=x), so faces stay outward.
 */
export function prism(profile: Array<[number, number]>, along: Axis, from: number, depth: number): Solid {
  const n = profile.length;
  const at = (u: number, v: number, w: number): Point3 =>
    along === 'z' ? [u, v, w] : along === 'x' ? [w, u, v] : [v, w, u];
  const points: Point3[] = [
    ...profile.map(([u, v]) => at(u, v, from)),
    ...profile.map(([u, v]) => at(u, v, from + depth)),
  ];
  const faces: number[][] = [
    profile.map((_, i) => n - 1 - i), // bottom cap, seen from below
    profile.map((_, i) => n + i), // top cap
  ];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    faces.push([i, j, n + j, n + i]);
  }
  return { points, faces };
}

/** An axis-aligned box from corner `a` to corner `b`. */
export function box(a: Point3, b: Point3): Solid {
  const [x0, y0, z0] = a;
  const [x1, y1, z1] = b;
  return prism(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    'z',
    z0,
    z1 - z0,
  );
}

/** A regular polygon of `sides` around (cx, cy): a faceted round column, as exporters facet cylinders. */
function circle(cx: number, cy: number, radius: number, sides: number): Array<[number, number]> {
  return Array.from({ length: sides }, (_, i) => {
    const angle = (2 * Math.PI * i) / sides;
    return [round(cx + radius * Math.cos(angle)), round(cy + radius * Math.sin(angle))];
  });
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Placement-local dimensions of a bay (the generator's storey layout: bays side by side along x). */
export interface BayFrame {
  length: number;
  depth: number;
  height: number;
  exteriorThickness: number;
  interiorThickness: number;
}

const WINDOW = { width: 1200, height: 1500, sill: 900 };
const DOOR = { width: 900, height: 2100 };
const FRAME = 60;

/** A wall along x from y0 (thickness t) with a rectangular hole: the four (or three, at the floor) pieces around it. */
function wallWithHole(
  f: BayFrame,
  y0: number,
  t: number,
  hole: { width: number; height: number; sill: number },
): Solid[] {
  const left = f.length / 2 - hole.width / 2;
  const right = left + hole.width;
  const top = hole.sill + hole.height;
  const pieces = [
    box([0, y0, 0], [left, y0 + t, f.height]),
    box([right, y0, 0], [f.length, y0 + t, f.height]),
    box([left, y0, top], [right, y0 + t, f.height]),
  ];
  if (hole.sill > 0) pieces.push(box([left, y0, 0], [right, y0 + t, hole.sill]));
  return pieces;
}

/** A frame of four bars around a rectangle in the wall plane, and the panel (glass or leaf) inside it. */
function framedPanel(
  f: BayFrame,
  y0: number,
  t: number,
  hole: { width: number; height: number; sill: number },
  panel: number,
): Solid[] {
  const left = f.length / 2 - hole.width / 2;
  const right = left + hole.width;
  const bottom = hole.sill;
  const top = hole.sill + hole.height;
  const y1 = y0 + t;
  const bars = [
    box([left, y0, bottom], [left + FRAME, y1, top]),
    box([right - FRAME, y0, bottom], [right, y1, top]),
    box([left + FRAME, y0, top - FRAME], [right - FRAME, y1, top]),
  ];
  // a door's frame has no sill bar: its leaf reaches the floor
  if (bottom > 0) bars.push(box([left + FRAME, y0, bottom], [right - FRAME, y1, bottom + FRAME]));
  const mid = y0 + t / 2;
  bars.push(
    box(
      [left + FRAME, mid - panel / 2, bottom + (bottom > 0 ? FRAME : 0)],
      [right - FRAME, mid + panel / 2, top - FRAME],
    ),
  );
  return bars;
}

/** Bodies of a bay's products, in the bay's placement (x from the bay's start, y into the building, z up). */
export const bayShapes = {
  exteriorWall: (f: BayFrame) => wallWithHole(f, 0, f.exteriorThickness, WINDOW),
  interiorWall: (f: BayFrame) =>
    wallWithHole(f, f.depth - f.interiorThickness, f.interiorThickness, { ...DOOR, sill: 0 }),
  windowOpening: (f: BayFrame) => openingBox(f, 0, f.exteriorThickness, WINDOW),
  doorOpening: (f: BayFrame) =>
    openingBox(f, f.depth - f.interiorThickness, f.interiorThickness, { ...DOOR, sill: 0 }),
  window: (f: BayFrame) => framedPanel(f, 120, 100, WINDOW, 24),
  door: (f: BayFrame) =>
    framedPanel(f, f.depth - f.interiorThickness, f.interiorThickness, { ...DOOR, sill: 0 }, 40),
  column: (f: BayFrame) => [prism(circle(200, f.depth / 2, 150, 16), 'z', 0, f.height - 400)],
  beam: (f: BayFrame) => [prism(iProfile(f.depth / 2, f.height - 400), 'x', 0, f.length)],
  space: (f: BayFrame) => [
    box([0, f.exteriorThickness, 0], [f.length, f.depth - f.interiorThickness, f.height]),
  ],
  desk: (f: BayFrame) => {
    const x0 = f.length / 2 - 800;
    const y0 = f.depth / 2 - 400;
    const leg = (x: number, y: number) => box([x, y, 0], [x + 50, y + 50, 720]);
    return [
      box([x0, y0, 720], [x0 + 1600, y0 + 800, 750]),
      leg(x0 + 20, y0 + 20),
      leg(x0 + 1530, y0 + 20),
      leg(x0 + 1530, y0 + 730),
      leg(x0 + 20, y0 + 730),
    ];
  },
};

function openingBox(
  f: BayFrame,
  y0: number,
  t: number,
  hole: { width: number; height: number; sill: number },
) {
  const left = f.length / 2 - hole.width / 2;
  return [box([left, y0, hole.sill], [left + hole.width, y0 + t, hole.sill + hole.height])];
}

/** An I-section 200 wide, 400 high (the beams' material profile), centred on y = cy, top at z = top. */
function iProfile(cy: number, top: number): Array<[number, number]> {
  const b = 100;
  const web = 8;
  const flange = 13;
  const bottom = top - 400;
  return [
    [cy - b, bottom],
    [cy + b, bottom],
    [cy + b, bottom + flange],
    [cy + web, bottom + flange],
    [cy + web, top - flange],
    [cy + b, top - flange],
    [cy + b, top],
    [cy - b, top],
    [cy - b, top - flange],
    [cy - web, top - flange],
    [cy - web, bottom + flange],
    [cy - b, bottom + flange],
  ];
}

/** Bodies of the storey-wide products, in the storey's placement; `length` is the storey's length along x. */
export const storeyShapes = {
  slab: (length: number, depth: number) => [box([0, 0, -200], [length, depth, 0])],
  /** The stair's landing at the top of its flight, beyond the last bay. */
  stair: (length: number, height: number) => [
    box([length, 4760, height - 200], [length + 1000, 6000, height]),
  ],
  /** Seventeen risers as one sawtooth prism, 1000 wide, rising along y. */
  flight: (length: number, risers: number, riser: number, tread: number) => {
    const run = risers * tread;
    const rise = risers * riser;
    const profile: Array<[number, number]> = [
      [0, 0],
      [run, rise - 250],
      [run, rise],
    ];
    for (let i = risers - 1; i >= 0; i--) {
      profile.push([round(i * tread), round((i + 1) * riser)]);
      if (i > 0) profile.push([round(i * tread), round(i * riser)]);
    }
    // profile in (y, z), extruded along x: the flight's width
    return [prism(profile, 'x', length, 1000)];
  },
  /** A handrail along the storey's inner edge with a post every 1.5 m. */
  railing: (length: number, depth: number) => {
    const y = depth - 50;
    const parts = [box([0, y, 1000], [length, y + 50, 1050])];
    for (let x = 0; x + 40 <= length; x += 1500) parts.push(box([x, y + 5, 0], [x + 40, y + 45, 1000]));
    return parts;
  },
};
