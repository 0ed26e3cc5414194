import type { LineSource } from '../line-source';
import type { IfcLine } from '../model-reader';
import { IntList } from './int-list';
import type { StepEntitySink } from './step-file-reader';
import type { EntityLayout, StepSchema } from './step-schema';
import {
  STEP_DERIVED,
  StepBinary,
  StepEnum,
  StepRef,
  StepSyntaxError,
  StepTyped,
  type StepValue,
  parseParameters,
} from './step-values';

/**
 * The entity types the extraction reads, with all their subtypes: objects, relationships, property and quantity sets
 * (IfcRoot), properties, quantities, materials, units, and what an IfcPropertyReferenceValue may name. Geometry,
 * placements, representations and styles, most of a file's bytes, are skipped while reading.
 */
const KEPT_ROOTS = [
  'IfcRoot',
  'IfcProperty',
  'IfcPhysicalQuantity',
  'IfcMaterialDefinition',
  'IfcMaterial',
  'IfcMaterialList',
  'IfcMaterialLayer',
  'IfcMaterialLayerSet',
  'IfcMaterialLayerSetUsage',
  'IfcMaterialProfile',
  'IfcMaterialProfileSet',
  'IfcMaterialUsageDefinition',
  'IfcMaterialProperties',
  'IfcUnitAssignment',
  'IfcNamedUnit',
  'IfcDerivedUnit',
  'IfcDerivedUnitElement',
  'IfcMonetaryUnit',
  'IfcAddress',
  'IfcAppliedValue',
  'IfcExternalReference',
  'IfcOrganization',
  'IfcPerson',
  'IfcPersonAndOrganization',
  'IfcTable',
  'IfcTimeSeries',
  'IfcCalendarDate',
  'IfcLocalTime',
  'IfcDateAndTime',
];

/** Kept records' parameter bytes are copied into pages of this size (a longer record gets a page of its own). */
const PAGE_BYTES = 4 * 1024 * 1024;
/** Ids up to this are found through a dense table (4 bytes per id); rarer, larger ones through a Map. */
const DENSE_IDS = 1 << 26;

/**
 * The entities of a STEP file the extraction needs, kept as their raw parameter bytes (copied into large pages while
 * the file streams past) and decoded only when asked for, into objects shaped like web-ifc's lines: attributes by
 * schema name in STEP order, references as `{type: 5, value: id}`, values as `{type, name, value}` with `name` the
 * defined type in schema casing. So the shared row building (extract-rows.ts) reads it as it reads web-ifc.
 */
export class StepModel implements StepEntitySink, LineSource {
  private readonly kept: boolean[];
  private readonly pages: Buffer[] = [];
  private page = Buffer.alloc(0);
  private pageUsed = 0;
  private readonly slotPage = new IntList();
  private readonly slotStart = new IntList();
  private readonly slotEnd = new IntList();
  private readonly slotEntity = new IntList();
  /** id → slot + 1 (0: not kept) */
  private readonly denseSlots = new IntList();
  private readonly sparseSlots = new Map<number, number>();
  private readonly idsByEntity = new Map<number, IntList>();
  private readonly idsCache = new Map<number, number[]>();
  private entities = 0;

  constructor(readonly schema: StepSchema) {
    this.kept = schema.entities.map((e) => KEPT_ROOTS.some((root) => schema.isSubtypeOf(e, root)));
  }

  entity(id: number, type: string, bytes: Buffer, start: number, end: number): void {
    this.entities++;
    const layout = this.schema.entity(type);
    if (!layout || !this.kept[layout.index] || this.slotOf(id) >= 0) return;
    const length = end - start;
    if (this.pageUsed + length > this.page.length) {
      this.page = Buffer.allocUnsafe(Math.max(PAGE_BYTES, length));
      this.pages.push(this.page);
      this.pageUsed = 0;
    }
    bytes.copy(this.page, this.pageUsed, start, end);
    const slot = this.slotPage.length;
    this.slotPage.push(this.pages.length - 1);
    this.slotStart.push(this.pageUsed);
    this.slotEnd.push(this.pageUsed + length);
    this.slotEntity.push(layout.index);
    this.pageUsed += length;
    if (id < DENSE_IDS) this.denseSlots.set(id, slot + 1);
    else this.sparseSlots.set(id, slot);
    let ids = this.idsByEntity.get(layout.index);
    if (!ids) {
      ids = new IntList(64);
      this.idsByEntity.set(layout.index, ids);
    }
    ids.push(id);
  }

  /** Instances in the DATA section, kept or not (what web-ifc counts as lines). */
  entityCount(): number {
    return this.entities;
  }

  line(id: number | null | undefined): IfcLine | null {
    if (typeof id !== 'number' || id <= 0) return null;
    const slot = this.slotOf(id);
    if (slot < 0) return null;
    const layout = this.schema.entities[this.slotEntity.get(slot)] as EntityLayout;
    const page = this.pages[this.slotPage.get(slot)] as Buffer;
    let values: StepValue[];
    try {
      values = parseParameters(page, this.slotStart.get(slot), this.slotEnd.get(slot));
    } catch (error) {
      // like web-ifc, a line that cannot be decoded reads as missing
      if (error instanceof StepSyntaxError) return null;
      throw error;
    }
    const line: IfcLine = { expressID: id, type: layout.code };
    const { attributes } = layout;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i] as (typeof attributes)[number];
      line[attribute.name] = this.convert(values[i] ?? null, attribute.type);
    }
    return line;
  }

  lines(ids: number[]): Map<number, IfcLine> {
    const found = new Map<number, IfcLine>();
    for (const id of ids) {
      const line = this.line(id);
      if (line) found.set(id, line);
    }
    return found;
  }

  typeName(typeCode: number): string {
    return this.schema.entityByCode(typeCode)?.name ?? `#type${typeCode}`;
  }

  idsOf(typeCode: number): number[] {
    const cached = this.idsCache.get(typeCode);
    if (cached) return cached.slice();
    const entity = this.schema.entityByCode(typeCode);
    const ids: number[] = [];
    for (const subtype of entity ? this.schema.subtypesOf(entity) : []) {
      const list = this.idsByEntity.get(subtype.index);
      if (list) for (let i = 0; i < list.length; i++) ids.push(list.get(i));
    }
    this.idsCache.set(typeCode, ids);
    return ids.slice();
  }

  private slotOf(id: number): number {
    if (id < DENSE_IDS) return id < this.denseSlots.length ? this.denseSlots.get(id) - 1 : -1;
    return this.sparseSlots.get(id) ?? -1;
  }

  /** A parameter as web-ifc hands it, given the attribute's declared type. */
  private convert(value: StepValue, declared: string): unknown {
    if (value === null || value === STEP_DERIVED) return null;
    if (value instanceof StepRef) return { type: 5, value: value.id };
    if (Array.isArray(value)) return value.map((item) => this.convert(item, declared));
    if (value instanceof StepTyped) return this.typed(value);
    if (typeof value === 'string') return { type: 1, name: declared, value };
    if (typeof value === 'number') return { type: 4, name: declared, value };
    if (value instanceof StepEnum) return this.enumeration(value, declared);
    if (value instanceof StepBinary) return { type: 4, name: declared, value: value.hex };
    return null;
  }

  /** IFCLABEL('x'), IFCBOOLEAN(.T.): a select's value with its defined type. */
  private typed(value: StepTyped): unknown {
    const name = this.schema.definedType(value.type) ?? value.type;
    const inner = value.value;
    if (inner instanceof StepEnum) return this.enumeration(inner, name);
    if (typeof inner === 'string') return { type: 1, name, value: inner };
    if (typeof inner === 'number') return { type: 4, name, value: inner };
    if (inner instanceof StepRef) return { type: 5, value: inner.id };
    // a list (IFCCOMPLEXNUMBER((1.,2.))) or nothing: web-ifc holds no single value either
    return { type: 4, name };
  }

  /**
   * `.T.`/`.F.` of a boolean or logical type are booleans, a logical's `.U.` has no value (as web-ifc's IfcLogical).
   * Other enumerations keep their text without the dots.
   */
  private enumeration(value: StepEnum, declared: string): unknown {
    if (!this.schema.isBooleanType(declared)) return { type: 3, value: value.value };
    if (value.value === 'T') return { type: 3, name: declared, value: true };
    if (value.value === 'F') return { type: 3, name: declared, value: false };
    return { type: 3, name: declared, value: undefined };
  }
}
