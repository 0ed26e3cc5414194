import { createRandom } from './guid';
import type { RevisionOptions } from './revision-types';

/** The element kinds a revision touches, by how the generator writes them (the same in every storey). */
export type RevisionRole = 'wall' | 'window' | 'door' | 'column' | 'beam' | 'space' | 'slab' | 'furniture';

const ROLE_OF_TYPE: Record<string, RevisionRole> = {
  IfcWall: 'wall',
  IfcWallStandardCase: 'wall',
  IfcWindow: 'window',
  IfcDoor: 'door',
  IfcColumn: 'column',
  IfcBeam: 'beam',
  IfcSpace: 'space',
  IfcSlab: 'slab',
  IfcFurniture: 'furniture',
  IfcFurnishingElement: 'furniture',
};

export function roleOfType(typeName: string): RevisionRole | undefined {
  return Object.hasOwn(ROLE_OF_TYPE, typeName) ? ROLE_OF_TYPE[typeName] : undefined;
}

/** Instances of a role in one storey of `bays` bays (two walls per bay, one slab per storey). */
function perStorey(role: RevisionRole, bays: number): number {
  return role === 'wall' ? 2 * bays : role === 'slab' ? 1 : bays;
}

export type ModificationKind =
  | 'name'
  | 'objectType'
  | 'storey'
  | 'propertyChanged'
  | 'propertyAdded'
  | 'propertyRemoved'
  | 'nameAndProperty';

/** Which roles each kind of modification applies to (a role needs the property the recipe edits). */
const KIND_ROLES: Record<ModificationKind, RevisionRole[]> = {
  // not spaces: a space's name is the Space column of itself and of the furniture in it
  name: ['wall', 'window', 'door', 'column', 'beam', 'slab', 'furniture'],
  objectType: ['column', 'space', 'wall', 'furniture', 'door'],
  // only elements contained directly in the storey: moving a wall would move its openings' storey too
  storey: ['column', 'beam'],
  propertyChanged: ['wall', 'window', 'door', 'slab', 'space', 'beam'],
  propertyAdded: ['column', 'furniture', 'wall', 'slab'],
  propertyRemoved: ['slab', 'wall', 'space'],
  nameAndProperty: ['window', 'door', 'wall'],
};
const KINDS = Object.keys(KIND_ROLES) as ModificationKind[];
/** Removing these leaves no other element changed (no opening, host or aggregate depends on their columns). */
const REMOVABLE: RevisionRole[] = ['column', 'beam', 'furniture', 'window'];
const ALL_ROLES: RevisionRole[] = ['wall', 'window', 'door', 'column', 'beam', 'space', 'slab', 'furniture'];

export interface Modification {
  kind: ModificationKind;
  role: RevisionRole;
  /** For 'storey': the storey the element moves to. */
  targetStorey: number;
}

export interface RevisionPlan {
  /** Keyed `${storey}:${role}:${n}` (the n-th instance of the role in the storey, in writing order). */
  removed: Set<string>;
  modified: Map<string, Modification>;
  /** Storey index → how many elements are added to it. */
  added: Map<number, number>;
}

export function slotKey(storey: number, role: RevisionRole, n: number): string {
  return `${storey}:${role}:${n}`;
}

/**
 * Picks which elements change, spread at random over the storeys: every kind of modification in turn, so even a
 * small revision covers names, object types, storey moves and property values changed, added and removed.
 */
export function planRevision(storeys: number, bays: number, options: RevisionOptions): RevisionPlan {
  for (const field of ['added', 'removed', 'modified'] as const) {
    const n = options[field];
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${field}: a whole number ≥ 0, got ${n}`);
  }
  const capacity = (roles: RevisionRole[]) => roles.reduce((sum, r) => sum + storeys * perStorey(r, bays), 0);
  const removable = capacity(REMOVABLE);
  if (options.removed > removable)
    throw new RangeError(`removed: at most ${removable} for ${storeys} storeys of ${bays} bays`);
  const modifiable = capacity(ALL_ROLES) - options.removed;
  if (options.modified > modifiable)
    throw new RangeError(`modified: at most ${modifiable} for ${storeys} storeys of ${bays} bays`);

  const random = createRandom(options.seed ?? 1);
  const free = new Map<RevisionRole, string[]>();
  for (const role of ALL_ROLES) {
    const slots: string[] = [];
    for (let s = 0; s < storeys; s++)
      for (let n = 0; n < perStorey(role, bays); n++) slots.push(slotKey(s, role, n));
    free.set(role, shuffle(slots, random));
  }
  /** The next free slot of the first role (starting at `start`) that has one. */
  const take = (roles: RevisionRole[], start: number): { key: string; role: RevisionRole } | null => {
    for (let i = 0; i < roles.length; i++) {
      const role = roles[(start + i) % roles.length] as RevisionRole;
      const key = free.get(role)?.pop();
      if (key) return { key, role };
    }
    return null;
  };

  const plan: RevisionPlan = { removed: new Set(), modified: new Map(), added: new Map() };
  for (let i = 0; i < options.removed; i++) {
    const slot = take(REMOVABLE, i);
    if (slot) plan.removed.add(slot.key);
  }
  for (let i = 0; i < options.modified; i++) {
    const turn = Math.floor(i / KINDS.length);
    let picked: { kind: ModificationKind; key: string; role: RevisionRole } | null = null;
    // every kind in turn; when one has no element left, the next that has one (every role belongs to some kind)
    for (let k = 0; k < KINDS.length && !picked; k++) {
      const kind = KINDS[(i + k) % KINDS.length] as ModificationKind;
      if (kind === 'storey' && storeys < 2) continue;
      const slot = take(KIND_ROLES[kind], turn);
      if (slot) picked = { kind, ...slot };
    }
    if (!picked) throw new RangeError(`modified: no element left for change ${i + 1}`);
    const storey = Number(picked.key.split(':')[0]);
    plan.modified.set(picked.key, {
      kind: picked.kind,
      role: picked.role,
      targetStorey: (storey + 1) % storeys,
    });
  }
  for (let i = 0; i < options.added; i++) {
    const storey = Math.floor(random() * storeys);
    plan.added.set(storey, (plan.added.get(storey) ?? 0) + 1);
  }
  return plan;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
