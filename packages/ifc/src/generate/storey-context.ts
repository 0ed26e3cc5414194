/**
 * What the writers of one storey's products share (storey-writer.ts): the storey's placement and relationship lists,
 * and the helpers every product goes through (its head and body, a relationship, property sets and quantities).
 */
import type { Solid } from './body-shapes';
import type { BodyWriter } from './body-writer';
import { placement, type SharedDefinitions } from './shared-definitions';
import { UNSET, real, ref, refs, str } from './step-format';
import type { StepWriter } from './step-writer';

/** A product's body: its solids in its own placement, which sits `x` along the storey. */
export interface BodySpec {
  x: number;
  solids: () => Solid[];
  tessellated?: boolean;
}

/** Per-storey relationship lists, written once the storey's elements exist. */
interface StoreyLists {
  contained: number[];
  exteriorWalls: number[];
  interiorWalls: number[];
  windows: number[];
  doors: number[];
  columns: number[];
  beams: number[];
  spaces: number[];
}

export class StoreyContext {
  readonly lists: StoreyLists = {
    contained: [],
    exteriorWalls: [],
    interiorWalls: [],
    windows: [],
    doors: [],
    columns: [],
    beams: [],
    spaces: [],
  };
  constructor(
    readonly w: StepWriter,
    readonly d: SharedDefinitions,
    readonly storeyPlacement: number,
    readonly index: number,
    readonly bodies: BodyWriter | null,
  ) {}

  get h(): string {
    return ref(this.d.history);
  }

  /** GlobalId, OwnerHistory, Name, Description, ObjectType, ObjectPlacement, Representation (+ Tag). */
  head(name: string, tag?: string, body?: BodySpec): string[] {
    // without bodies every product sits at the storey's origin, as the generator always wrote it
    const shaped = this.bodies && body ? { bodies: this.bodies, ...body } : null;
    const own = placement(this.w, this.storeyPlacement, 0, shaped?.x ?? 0);
    const representation = shaped ? ref(shaped.bodies.write(shaped.solids(), shaped.tessellated)) : UNSET;
    const head = [str(this.w.guid()), this.h, str(name), UNSET, UNSET, ref(own), representation];
    return tag === undefined ? head : [...head, str(tag)];
  }

  rel(typeName: string, args: string[]): number {
    return this.w.entity(typeName, [str(this.w.guid()), this.h, UNSET, UNSET, ...args]);
  }

  defines(objects: number[], definition: number): void {
    if (objects.length) this.rel('IfcRelDefinesByProperties', [refs(objects), ref(definition)]);
  }

  quantities(
    name: string,
    values: Array<[kind: 'Length' | 'Area' | 'Volume' | 'Weight', name: string, value: number]>,
  ): number {
    const ids = values.map(([kind, quantityName, value]) => {
      // rounded like exporters do, so 12.600000000000001 does not appear in fixtures
      const args = [str(quantityName), UNSET, UNSET, real(Math.round(value * 1e6) / 1e6)];
      return this.w.entity(`IfcQuantity${kind}`, this.d.v4 ? [...args, UNSET] : args);
    });
    const setName = this.d.v4 ? name : 'BaseQuantities';
    return this.w.entity('IfcElementQuantity', [
      str(this.w.guid()),
      this.h,
      str(setName),
      UNSET,
      UNSET,
      refs(ids),
    ]);
  }
}
