import { couldCarryRows } from './kept-entities';

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
 * What reading and decoding a file's kept records found wrong, counted for the extraction's warnings (extract-file.ts):
 * repeated instance names, instances of types the schema lacks, statements and records that could not be read, values
 * typed with defined types the schema lacks, reals beyond a double's range and stray bytes between records. Every
 * list it remembers is bounded, so a file broken throughout cannot grow it.
 */
export class RecordFaults {
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
  private firstStrayAt = 0;
  private readonly foreignTypeIds = new Set<number>();
  private foreignTypeRecords = 0;
  private firstForeignTypeId = 0;
  private readonly foreignTypes = new Map<string, number>();
  private readonly outOfRangeIds = new Set<number>();
  private outOfRangeValues = 0;
  private firstOutOfRange: { id: number; type: string } | null = null;

  /** A kept instance whose name (#n) an earlier kept instance already had: left out. */
  repeated(id: number): void {
    if (this.repeatedIds++ === 0) this.firstRepeatedId = id;
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
  unknown(id: number, type: string): void {
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

  /** A DATA statement that could have carried row data but could not be read (see StepModel.unreadable). */
  unreadableStatement(id: number | null, type: string | null, reason: string): void {
    this.unreadableCount++;
    this.firstUnreadable ??= { id, type, reason };
  }

  /** A kept record asked for by the row building that could not be decoded: counted once per record. */
  unreadableRecord(id: number, type: string, reason: string): void {
    if (this.unreadableIds.has(id)) return;
    if (this.unreadableIds.size < UNREADABLE_IDS_KEPT) this.unreadableIds.add(id);
    this.unreadableStatement(id, type, reason);
  }

  /**
   * Kept records asked for by the row building that could not be decoded (StepLineDecoder's StepSyntaxError), and
   * statements that could not be read: how many, and the first one with its reason. A record nobody asked for is not
   * decoded, so not counted.
   */
  unreadableRecords(): { count: number; first: UnreadableRecord | null } {
    return { count: this.unreadableCount, first: this.firstUnreadable };
  }

  /** A decoded record whose values name defined types the schema lacks (StepLineDecoder.foreign): counted once. */
  foreignTyped(id: number, foreign: readonly string[]): void {
    if (this.foreignTypeIds.has(id)) return;
    if (this.foreignTypeIds.size < UNREADABLE_IDS_KEPT) this.foreignTypeIds.add(id);
    if (this.foreignTypeRecords++ === 0) this.firstForeignTypeId = id;
    for (let type of foreign) {
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

  /** `count` reals beyond a double's range in a decoded record (StepLineDecoder.outOfRange): counted once per record. */
  outOfRangeRead(id: number, type: string, count: number): void {
    if (this.outOfRangeIds.has(id)) return;
    if (this.outOfRangeIds.size < UNREADABLE_IDS_KEPT) this.outOfRangeIds.add(id);
    this.outOfRangeValues += count;
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
}
