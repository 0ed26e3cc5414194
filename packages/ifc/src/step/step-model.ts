import type { LineSource } from '../line-source';
import { type IfcLine, type References, referencesOf } from '../model-reader';
import { IdSlots } from './id-slots';
import { KeptRecords } from './kept-records';
import { PagedIntList } from './paged-int-list';
import type { StepEntitySink } from './step-file-reader';
import { type EntityLayout, StepSchema } from './step-schema';
import { UNLISTED_ROOTS, couldCarryRows, isKept } from './kept-entities';
import { RecordFaults } from './record-faults';
import { StepLineDecoder, StepSyntaxError } from './step-line-decoder';
import { readReferences } from './step-references';

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
  /** What was found wrong while reading and decoding, for the warnings. */
  readonly faults = new RecordFaults();
  /** Attribute positions of the names asked for by `references`, per entity index and list of names. */
  private readonly positions = new Map<number, Map<readonly string[], number[]>>();

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
    if (!layout) return this.faults.unknown(id, type);
    if (!this.kept[layout.index]) return;
    if (this.slots.get(id) >= 0) {
      // ISO 10303-21 names each instance once; like IfcOpenShell, the first definition is the one read
      this.faults.repeated(id);
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
      if (this.decoder.foreign.length) this.faults.foreignTyped(id, this.decoder.foreign);
      if (this.decoder.outOfRange) this.faults.outOfRangeRead(id, layout.name, this.decoder.outOfRange);
      return line;
    } catch (error) {
      // like web-ifc, a line that cannot be decoded reads as missing; it is counted for a warning
      if (!(error instanceof StepSyntaxError)) throw error;
      this.faults.unreadableRecord(id, layout.name, error.message);
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
    this.faults.unreadableStatement(
      id,
      layout?.name ?? (upperType || null),
      `${reason} (byte ${at} of the file)`,
    );
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
