import { createGuidSource } from './guid';
import { GENERATED_NAMES } from './model-options';
import {
  type Modification,
  type RevisionPlan,
  type RevisionRole,
  roleOfType,
  slotKey,
} from './revision-plan';
import {
  ADDED_PROPERTY,
  NEW_OBJECT_TYPE,
  RENAMED_SUFFIX,
  propertyEditOf,
  type PropertyEdit,
} from './revision-recipes';
import type { ExpectedChange } from './revision-types';
import { placement } from './shared-definitions';
import { UNSET, enumValue, ref, refs, str } from './step-format';
import type { StepWriter, WriterHook } from './step-writer';
import { decodeStepString, valueText } from './step-values';

/** Lines whose arguments a property edit must read back later: sets and their properties. */
const RECORDED = /^Ifc(PropertySet|ElementQuantity|PropertySingleValue|PropertyEnumeratedValue|Quantity\w+)$/;
const QUANTITY = /^IfcQuantity/;

interface PendingEdit {
  edit: PropertyEdit;
  change: ExpectedChange;
}

/**
 * Turns the generator's version 1 into version 2 while it is written, following a plan: the generator runs the
 * same code with the same seed, so every GlobalId it draws is the same and unchanged elements keep theirs; lines of
 * removed elements are left out (and dropped from relationship lists), modified ones rewritten, and everything new
 * (added elements, cloned property sets, moved containment) takes GlobalIds from a separate source. It records what
 * it did as the expected change list.
 */
export class Reviser implements WriterHook {
  readonly changes: ExpectedChange[] = [];
  /** Products moved between storeys, for the per-storey counts. */
  readonly moves: Array<{ from: number; to: number }> = [];
  private readonly guid: () => string;
  private storey = -1;
  private storeyPlacement = '';
  private counters = new Map<RevisionRole, number>();
  private readonly removedIds = new Set<number>();
  private readonly movedTo = new Map<number, number>();
  private readonly pending = new Map<number, PendingEdit>();
  /** Sets and properties written before the first storey (shared by every storey) and in the current one. */
  private readonly shared = new Map<number, { typeName: string; args: string[] }>();
  private local = new Map<number, { typeName: string; args: string[] }>();
  private addedSoFar = 0;

  constructor(
    private readonly w: StepWriter,
    private readonly plan: RevisionPlan,
    private readonly v4: boolean,
    seed: number,
  ) {
    this.guid = createGuidSource((Math.imul(seed, 2654435761) ^ 0x5eed) >>> 0);
  }

  beginStorey(index: number): void {
    this.storey = index;
    this.counters = new Map();
    this.local = new Map();
  }

  product(id: number, typeName: string, args: string[]): string[] | null {
    if (typeName === 'IfcBuildingStorey') this.storeyPlacement = args[5] ?? '';
    const role = this.storey < 0 ? undefined : roleOfType(typeName);
    if (!role) return args;
    const n = this.counters.get(role) ?? 0;
    this.counters.set(role, n + 1);
    const key = slotKey(this.storey, role, n);
    const change: ExpectedChange = {
      globalId: decodeStepString(args[0] ?? '') ?? '',
      changeType: 'Removed',
      ifcType: typeName,
      name: decodeStepString(args[2] ?? UNSET),
      storey: GENERATED_NAMES.storey(this.storey),
      changedColumns: [],
      propertyChanges: [],
    };
    if (this.plan.removed.has(key)) {
      this.removedIds.add(id);
      this.changes.push(change);
      return null;
    }
    const modification = this.plan.modified.get(key);
    if (!modification) return args;
    change.changeType = 'Modified';
    this.changes.push(change);
    return this.modify(id, modification, change, [...args]);
  }

  private modify(id: number, m: Modification, change: ExpectedChange, args: string[]): string[] {
    if (m.kind === 'name' || m.kind === 'nameAndProperty') {
      change.name = `${change.name ?? ''}${RENAMED_SUFFIX}`;
      args[2] = str(change.name);
      change.changedColumns.push('Name');
    }
    if (m.kind === 'objectType') {
      args[4] = str(NEW_OBJECT_TYPE);
      change.changedColumns.push('ObjectType');
    }
    if (m.kind === 'storey') {
      this.movedTo.set(id, m.targetStorey);
      this.moves.push({ from: this.storey, to: m.targetStorey });
      change.storey = GENERATED_NAMES.storey(m.targetStorey);
      change.changedColumns.push('Storey', 'StoreyElevation');
    }
    const edit = propertyEditOf(m.kind, m.role);
    if (edit) {
      // element columns come before property columns in the feed, so appending keeps the feed's order
      if (edit.column) change.changedColumns.push(edit.column);
      this.pending.set(id, { edit, change });
    }
    if (m.kind === 'propertyAdded') change.propertyChanges.push(this.addedProperty(id, args[1] ?? UNSET));
    return args;
  }

  entity(id: number, typeName: string, args: string[]): string[] | null {
    if (RECORDED.test(typeName)) (this.storey < 0 ? this.shared : this.local).set(id, { typeName, args });
    if (!typeName.startsWith('IfcRel')) return args;
    const out: string[] = [];
    for (const arg of args) {
      if (arg.startsWith('(#')) {
        const ids = arg
          .slice(1, -1)
          .split(',')
          .map((r) => Number(r.slice(1)));
        const kept = ids.filter((i) => !this.removedIds.has(i) && !this.isMoving(typeName, i));
        const cloned =
          typeName === 'IfcRelDefinesByProperties' ? this.cloneEditedSets(kept, args[5] ?? '') : null;
        const left = cloned ? kept.filter((i) => !cloned.has(i)) : kept;
        if (!left.length) return null;
        out.push(refs(left));
      } else if (arg.startsWith('#') && this.removedIds.has(Number(arg.slice(1)))) {
        return null;
      } else {
        out.push(arg);
      }
    }
    return out;
  }

  /** Writes this storey's added elements, contained in it. */
  endStorey(index: number, storeyId: number, history: number): void {
    this.w.unhooked(() => this.writeAdded(index, storeyId, history));
  }

  private writeAdded(index: number, storeyId: number, history: number): void {
    const count = this.plan.added.get(index) ?? 0;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++this.addedSoFar;
      const desk = n % 2 === 1;
      const typeName = desk ? (this.v4 ? 'IfcFurniture' : 'IfcFurnishingElement') : 'IfcColumn';
      const name = desk ? `New desk ${n}` : `New column ${n}`;
      const guid = this.guid();
      const own = placement(this.w, Number(this.storeyPlacement.slice(1)));
      const tail = this.v4 ? [enumValue(desk ? 'DESK' : 'COLUMN')] : [];
      ids.push(
        this.w.product(typeName, [
          str(guid),
          ref(history),
          str(name),
          UNSET,
          UNSET,
          ref(own),
          UNSET,
          str(`N-${n}`),
          ...tail,
        ]),
      );
      this.changes.push({
        globalId: guid,
        changeType: 'Added',
        ifcType: typeName,
        name,
        storey: GENERATED_NAMES.storey(index),
        changedColumns: [],
        propertyChanges: [],
      });
    }
    if (ids.length) this.contain(ids, storeyId, history);
  }

  /** Contains moved elements in their new storeys; fails loudly if a planned edit found no set to edit. */
  finish(storeyIds: number[], history: number): void {
    const byStorey = new Map<number, number[]>();
    for (const [id, storey] of this.movedTo) byStorey.set(storey, [...(byStorey.get(storey) ?? []), id]);
    for (const [storey, ids] of byStorey)
      this.w.unhooked(() => this.contain(ids, storeyIds[storey] ?? 0, history));
    if (this.pending.size)
      throw new Error(`revision edits not applied to ${[...this.pending.keys()].join(', ')}`);
    this.changes.sort((a, b) => (a.globalId < b.globalId ? -1 : a.globalId > b.globalId ? 1 : 0));
  }

  private contain(ids: number[], storeyId: number, history: number): void {
    this.w.entity('IfcRelContainedInSpatialStructure', [
      str(this.guid()),
      ref(history),
      UNSET,
      UNSET,
      refs(ids),
      ref(storeyId),
    ]);
  }

  private isMoving(typeName: string, id: number): boolean {
    return typeName === 'IfcRelContainedInSpatialStructure' && this.movedTo.has(id);
  }

  private recorded(id: number) {
    return this.local.get(id) ?? this.shared.get(id);
  }

  private setName(setId: string): string | null {
    const set = this.recorded(Number(setId.slice(1)));
    return set ? decodeStepString(set.args[2] ?? UNSET) : null;
  }

  /** Whether element `id` has an edit waiting for the set `setRef` (then it gets a clone instead). */
  private pendingFor(id: number, setRef: string): PendingEdit | undefined {
    const pending = this.pending.get(id);
    const name = pending ? this.setName(setRef) : null;
    return pending && name !== null && pending.edit.sets.includes(name) ? pending : undefined;
  }

  /** For each element with an edit on this set: a copy of the set with the edit applied, defined for it alone. */
  private cloneEditedSets(objects: number[], setRef: string): Set<number> {
    const cloned = new Set<number>();
    for (const id of objects) {
      const pending = this.pendingFor(id, setRef);
      if (!pending) continue;
      const set = this.recorded(Number(setRef.slice(1)));
      if (!set) continue;
      const propertyRefs = (set.args[set.args.length - 1] ?? '()').slice(1, -1).split(',');
      const { edit, change } = pending;
      const kept: string[] = [];
      let found = false;
      for (const propertyRef of propertyRefs) {
        const property = this.recorded(Number(propertyRef.slice(1)));
        if (!property || decodeStepString(property.args[0] ?? UNSET) !== edit.property) {
          kept.push(propertyRef);
          continue;
        }
        found = true;
        const valueAt = QUANTITY.test(property.typeName) ? 3 : 2;
        const old = property.args[valueAt] ?? UNSET;
        change.propertyChanges.push({
          setName: this.setName(setRef),
          propertyName: edit.property,
          changeType: edit.value === null ? 'Removed' : 'Modified',
          oldValue: valueText(old),
          newValue: edit.value === null ? null : valueText(edit.value),
          unit: edit.unit,
        });
        if (edit.value === null) continue;
        const args = [...property.args];
        args[valueAt] = edit.value;
        kept.push(ref(this.w.entity(property.typeName, args)));
      }
      if (!found) continue;
      const args = [...set.args];
      args[0] = str(this.guid());
      args[args.length - 1] = `(${kept.join(',')})`;
      const clone = this.w.entity(set.typeName, args);
      this.w.entity('IfcRelDefinesByProperties', [
        str(this.guid()),
        set.args[1] ?? UNSET,
        UNSET,
        UNSET,
        refs([id]),
        ref(clone),
      ]);
      this.pending.delete(id);
      cloned.add(id);
    }
    return cloned;
  }

  private addedProperty(id: number, history: string) {
    // written before the product line: STEP allows references forward, and the GlobalId stream is not touched
    const property = this.w.entity('IfcPropertySingleValue', [
      str(ADDED_PROPERTY.property),
      UNSET,
      ADDED_PROPERTY.value,
      UNSET,
    ]);
    const set = this.w.entity('IfcPropertySet', [
      str(this.guid()),
      history,
      str(ADDED_PROPERTY.set),
      UNSET,
      refs([property]),
    ]);
    this.w.entity('IfcRelDefinesByProperties', [
      str(this.guid()),
      history,
      UNSET,
      UNSET,
      refs([id]),
      ref(set),
    ]);
    return {
      setName: ADDED_PROPERTY.set,
      propertyName: ADDED_PROPERTY.property,
      changeType: 'Added' as const,
      oldValue: null,
      newValue: ADDED_PROPERTY.text,
      unit: null,
    };
  }
}
