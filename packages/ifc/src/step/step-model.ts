import type { LineSource } from '../line-source';
import { type IfcLine, type References, referencesOf } from '../model-reader';
import { IdSlots } from './id-slots';
import { KeptRecords } from './kept-records';
import { PagedIntList } from './paged-int-list';
import type { StepEntitySink } from './step-file-reader';
import { type EntityLayout, type LayoutName, StepSchema } from './step-schema';
import { StepLineDecoder, StepSyntaxError } from './step-line-decoder';
import { readReferences } from './step-references';

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

/**
 * Properties and quantities are most of a property-heavy model's records and are only reached through their sets:
 * no per-type id list is kept for them (idsOf scans the id table instead, should it be asked for them).
 */
const UNLISTED_ROOTS = ['IfcProperty', 'IfcPhysicalQuantity'];

/** Whether the extraction keeps records of this entity type (it or a supertype is one of KEPT_ROOTS). */
const isKept = (schema: StepSchema, entity: EntityLayout) =>
  KEPT_ROOTS.some((root) => schema.isSubtypeOf(entity, root));

const LAYOUTS: readonly LayoutName[] = ['IFC2X3', 'IFC4', 'IFC4X3'];

/**
 * Whether an entity type the file's schema lacks could have carried row data: it is one the extraction keeps in
 * another IFC schema (IFCCOURSE, an IFC4X3 product, in an IFC4 file), or in none at all (a misspelt name). One that
 * every schema defining it leaves to geometry or presentation (IFCPRESENTATIONSTYLEASSIGNMENT in an IFC4X3 file) is
 * left out without a warning, as the same record in its own schema would be.
 */
function couldCarryRows(upperName: string): boolean {
  let defined = false;
  for (const layout of LAYOUTS) {
    const schema = StepSchema.of(layout);
    const entity = schema.entity(upperName);
    if (!entity) continue;
    if (isKept(schema, entity)) return true;
    defined = true;
  }
  return !defined;
}

/** A record left out because it could not be read: its instance name and type where known (null where not). */
export interface UnreadableRecord {
  id: number | null;
  type: string | null;
  reason: string;
}

/** Names of unknown entity types remembered for the warning (a file naming more is not worth listing). */
const UNKNOWN_TYPES_KEPT = 8;
/** Unknown names whose judgement (couldCarryRows) is remembered; past this, a name is judged at each instance. */
const UNKNOWN_NAMES_JUDGED = 4096;
/**
 * The longest IFC entity name has 46 characters (IfcCartesianTransformationOperator2DnonUniform): a longer name is
 * in no schema (so it is counted, unjudged and unremembered) and is cut to this length where the warning lists it,
 * so a hostile name cannot grow the message.
 */
const ENTITY_NAME_MAX = 64;
/**
 * Unreadable records remembered by id, so a record asked for again (one material for many walls) is counted once;
 * past this many (a file broken throughout), a further one is counted each time it is asked for, so the warning's
 * count may then exceed the records it stands for.
 */
const UNREADABLE_IDS_KEPT = 100_000;

/**
 * The entities of a STEP file the extraction needs, kept as their raw parameter bytes (kept-records.ts: in memory up
 * to a limit, past it in a temporary file read back through a cache) and decoded only when asked for, into objects
 * shaped like web-ifc's lines: attributes by schema name in STEP order, references as `{type: 5, value: id}`, values
 * as `{type, name, value}` with `name` the defined type in schema casing. So the shared row building
 * (extract-rows.ts) reads it as it reads web-ifc. Close it when done (the temporary file is removed).
 */
export class StepModel implements StepEntitySink, LineSource {
  private readonly kept: boolean[];
  private readonly listed: boolean[];
  private readonly records: KeptRecords;
  private readonly slots = new IdSlots();
  private readonly idsByEntity = new Map<number, PagedIntList>();
  private readonly decoder: StepLineDecoder;
  private entities = 0;
  private repeatedIds = 0;
  private firstRepeatedId = 0;
  private readonly unknownTypes = new Map<string, number>();
  private readonly unknownJudged = new Map<string, boolean>();
  private unknownInstances = 0;
  private firstUnknownId = 0;
  private readonly unreadableIds = new Set<number>();
  private unreadableCount = 0;
  private firstUnreadable: UnreadableRecord | null = null;
  private strayBytes = 0;
  private readonly foreignTypeIds = new Set<number>();
  private foreignTypeRecords = 0;
  private firstForeignTypeId = 0;
  private readonly foreignTypes = new Map<string, number>();
  private firstStrayAt = 0;
  private readonly outOfRangeIds = new Set<number>();
  /** Attribute positions of the names asked for by `references`, per entity index and list of names. */
  private readonly positions = new Map<number, Map<readonly string[], number[]>>();
  private outOfRangeValues = 0;
  private firstOutOfRange: { id: number; type: string } | null = null;

  constructor(
    readonly schema: StepSchema,
    options: { keptMemoryBytes?: number } = {},
  ) {
    this.kept = schema.entities.map((e) => isKept(schema, e));
    this.listed = schema.entities.map((e) => !UNLISTED_ROOTS.some((root) => schema.isSubtypeOf(e, root)));
    this.records = new KeptRecords(options.keptMemoryBytes);
    this.decoder = new StepLineDecoder(schema);
  }

  entity(id: number, type: string, bytes: Buffer, start: number, end: number): void {
    this.entities++;
    const layout = this.schema.entity(type);
    if (!layout) return this.unknown(id, type);
    if (!this.kept[layout.index]) return;
    if (this.slots.get(id) >= 0) {
      // ISO 10303-21 names each instance once; like IfcOpenShell, the first definition is the one read
      if (this.repeatedIds++ === 0) this.firstRepeatedId = id;
      return;
    }
    this.slots.set(id, this.records.add(layout.index, bytes, start, end));
    if (!this.listed[layout.index]) return;
    let ids = this.idsByEntity.get(layout.index);
    if (!ids) {
      ids = new PagedIntList();
      this.idsByEntity.set(layout.index, ids);
    }
    ids.push(id);
  }

  /**
   * What the model holds in memory for the kept records (bytes, id table, type lists), the measure that must not
   * grow with the file's size beyond a few bytes per entity.
   */
  retainedBytes(): number {
    let lists = 0;
    for (const list of this.idsByEntity.values()) lists += list.bytes;
    return this.records.retainedBytes + this.slots.bytes + lists;
  }

  /** Record bytes kept in all (in memory or in the temporary file). */
  keptBytes(): number {
    return this.records.totalBytes;
  }

  /** Whether kept records went to the temporary file (the model outgrew its memory limit). */
  spilled(): boolean {
    return this.records.spilled;
  }

  /** The directory of the kept records' temporary file (removed as soon as the file was opened). */
  spillDir(): string | null {
    return this.records.spillDir;
  }

  /** Removes the temporary file of the kept records, if one was written. */
  close(): void {
    this.records.close();
  }

  /**
   * Kept instances whose name (#n) an earlier kept instance already had, and the first such name: their later
   * definitions were left out. (Web-ifc reads the last definition, once per occurrence.)
   */
  repeatedDefinitions(): { count: number; firstId: number } {
    return { count: this.repeatedIds, firstId: this.firstRepeatedId };
  }

  /**
   * An instance of an entity type the file's schema does not define (an IFC4X3 product in a file declared IFC4, a
   * misspelt name): nothing can be read from it, so it is counted for a warning when it could have carried row data
   * (couldCarryRows). A complex instance (`#n=(A()B());`, no single name) is a construct, not a mistake: not counted.
   */
  private unknown(id: number, type: string): void {
    if (!type) return;
    if (type.length > ENTITY_NAME_MAX) {
      type = `${type.slice(0, ENTITY_NAME_MAX - 1)}…`;
    } else {
      let counted = this.unknownJudged.get(type);
      if (counted === undefined) {
        counted = couldCarryRows(type);
        if (this.unknownJudged.size < UNKNOWN_NAMES_JUDGED) this.unknownJudged.set(type, counted);
      }
      if (!counted) return;
    }
    if (this.unknownInstances++ === 0) this.firstUnknownId = id;
    if (this.unknownTypes.has(type) || this.unknownTypes.size < UNKNOWN_TYPES_KEPT)
      this.unknownTypes.set(type, (this.unknownTypes.get(type) ?? 0) + 1);
  }

  /**
   * Instances left out because their entity type is not in the schema: how many, the first one's name, and the
   * first types met (up to UNKNOWN_TYPES_KEPT) with their counts, in the order they were met.
   */
  unknownEntities(): { count: number; firstId: number; types: Array<[string, number]> } {
    return { count: this.unknownInstances, firstId: this.firstUnknownId, types: [...this.unknownTypes] };
  }

  /** Instances in the DATA section, kept or not (what web-ifc counts as lines). */
  entityCount(): number {
    return this.entities;
  }

  line(id: number | null | undefined): IfcLine | null {
    if (typeof id !== 'number' || id <= 0) return null;
    const slot = this.slots.get(id);
    if (slot < 0) return null;
    const layout = this.schema.entities[this.records.entityOf(slot)] as EntityLayout;
    const { buf, start, end } = this.records.read(slot);
    try {
      const line = this.decoder.decode(id, layout, buf, start, end);
      if (this.decoder.foreign.length) this.foreignTyped(id);
      if (this.decoder.outOfRange) this.outOfRangeRead(id, layout.name);
      return line;
    } catch (error) {
      // like web-ifc, a line that cannot be decoded reads as missing; it is counted for a warning
      if (!(error instanceof StepSyntaxError)) throw error;
      this.unreadableRecord(id, layout.name, error.message);
      return null;
    }
  }

  /**
   * A relationship's references read from its bytes (step-references.ts) without decoding the record; one holding
   * more than strings, `$`, references and lists of them is decoded in full (`line`), so what it answers, and what
   * the warnings count, is what decoding gives.
   */
  references(id: number, names: readonly string[]): References | null {
    if (id <= 0) return null;
    const slot = this.slots.get(id);
    if (slot < 0) return null;
    const entity = this.records.entityOf(slot);
    const { buf, start, end } = this.records.read(slot);
    const out: References = new Array(names.length);
    if (readReferences(buf, start, end, this.positionsOf(entity, names), out)) return out;
    const line = this.line(id);
    return line ? referencesOf(line, names) : null;
  }

  private positionsOf(entity: number, names: readonly string[]): number[] {
    let byNames = this.positions.get(entity);
    if (!byNames) {
      byNames = new Map();
      this.positions.set(entity, byNames);
    }
    let positions = byNames.get(names);
    if (!positions) {
      const { attributes } = this.schema.entities[entity] as EntityLayout;
      positions = names.map((name) => attributes.findIndex((attribute) => attribute.name === name));
      byNames.set(names, positions);
    }
    return positions;
  }

  /**
   * A DATA statement the reader could not take as `#id = TYPE(…)` (step-file-reader.ts): left out, and counted with
   * the unreadable records when it could have carried row data — its type is one the extraction keeps, or one that
   * could carry rows in another schema (couldCarryRows), or none can be made out.
   */
  unreadable(id: number | null, upperType: string, reason: string, at: number): void {
    const layout = upperType ? this.schema.entity(upperType) : undefined;
    if (layout && !this.kept[layout.index]) return;
    if (!layout && upperType && !couldCarryRows(upperType)) return;
    this.unreadableCount++;
    this.firstUnreadable ??= {
      id,
      type: layout?.name ?? (upperType || null),
      reason: `${reason} (byte ${at} of the file)`,
    };
  }

  /** A decoded record whose values name defined types the schema lacks (StepLineDecoder.foreign): counted once. */
  private foreignTyped(id: number): void {
    if (this.foreignTypeIds.has(id)) return;
    if (this.foreignTypeIds.size < UNREADABLE_IDS_KEPT) this.foreignTypeIds.add(id);
    if (this.foreignTypeRecords++ === 0) this.firstForeignTypeId = id;
    for (let type of this.decoder.foreign) {
      if (type.length > ENTITY_NAME_MAX) type = `${type.slice(0, ENTITY_NAME_MAX - 1)}…`;
      if (this.foreignTypes.has(type) || this.foreignTypes.size < UNKNOWN_TYPES_KEPT)
        this.foreignTypes.set(type, (this.foreignTypes.get(type) ?? 0) + 1);
    }
  }

  /**
   * Records the row building read whose values are typed with defined types the file's schema lacks (their values
   * kept): how many, the first one's name, and the first types met with the number of values typed with each.
   */
  unknownDefinedTypes(): { count: number; firstId: number; types: Array<[string, number]> } {
    return {
      count: this.foreignTypeRecords,
      firstId: this.firstForeignTypeId,
      types: [...this.foreignTypes],
    };
  }

  /** A decoded record holding reals beyond a double's range (StepLineDecoder.outOfRange): counted once per record. */
  private outOfRangeRead(id: number, type: string): void {
    if (this.outOfRangeIds.has(id)) return;
    if (this.outOfRangeIds.size < UNREADABLE_IDS_KEPT) this.outOfRangeIds.add(id);
    this.outOfRangeValues += this.decoder.outOfRange;
    this.firstOutOfRange ??= { id, type };
  }

  /** Reals the row building read that lie beyond a double's range (stored as no value), and the first record. */
  outOfRangeReals(): { count: number; first: { id: number; type: string } | null } {
    return { count: this.outOfRangeValues, first: this.firstOutOfRange };
  }

  /** Whitespace-like stray bytes before a DATA statement (step-file-reader.ts): skipped, counted for a warning. */
  stray(count: number, at: number): void {
    if (!this.strayBytes) this.firstStrayAt = at;
    this.strayBytes += count;
  }

  /** Stray bytes skipped before records, and where the first was (1-based byte of the file). */
  strayBytesSkipped(): { count: number; firstAt: number } {
    return { count: this.strayBytes, firstAt: this.firstStrayAt };
  }

  private unreadableRecord(id: number, type: string, reason: string): void {
    if (this.unreadableIds.has(id)) return;
    if (this.unreadableIds.size < UNREADABLE_IDS_KEPT) this.unreadableIds.add(id);
    this.unreadableCount++;
    this.firstUnreadable ??= { id, type, reason };
  }

  /**
   * Kept records asked for by the row building that could not be decoded (StepLineDecoder's StepSyntaxError): how
   * many, and the first one with the decoder's reason. A record nobody asked for is not decoded, so not counted.
   */
  unreadableRecords(): { count: number; first: UnreadableRecord | null } {
    return { count: this.unreadableCount, first: this.firstUnreadable };
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
    const entity = this.schema.entityByCode(typeCode);
    const subtypes = entity ? this.schema.subtypesOf(entity) : [];
    const unlisted = subtypes.filter((subtype) => !this.listed[subtype.index]);
    const scanned = unlisted.length ? this.scan(new Set(unlisted.map((subtype) => subtype.index))) : null;
    const ids: number[] = [];
    for (const subtype of subtypes) {
      const list = this.listed[subtype.index]
        ? this.idsByEntity.get(subtype.index)
        : scanned?.get(subtype.index);
      if (list) for (let i = 0; i < list.length; i++) ids.push(list.get(i));
    }
    return ids;
  }

  /** The ids of the kept records of some entity indexes, by entity, in file order: a walk over the id table. */
  private scan(entities: Set<number>): Map<number, PagedIntList> {
    const found = new Map<number, PagedIntList>();
    const visit = (id: number, slot: number) => {
      const entity = this.records.entityOf(slot);
      if (!entities.has(entity)) return;
      let list = found.get(entity);
      if (!list) {
        list = new PagedIntList();
        found.set(entity, list);
      }
      list.push(id);
    };
    this.slots.forEach(visit);
    return found;
  }
}
