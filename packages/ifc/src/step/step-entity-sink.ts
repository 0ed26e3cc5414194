// The reader's sink on its own, so that step-file-reader.ts and step-entity-statement.ts (which feeds `entity` and
// `unreadable`) both use it without importing each other. step-file-reader.ts exports it too.

/** What the reader hands on for each entity instance of the DATA section: `#id = TYPE(…);`. */
export interface StepEntitySink {
  /**
   * `type` is the upper-case type name as written ('' for a complex instance `#1=(A(…)B(…));`); its parameter list
   * `(…)` is bytes[start, end). The bytes are only valid during the call: keep a copy of what you need.
   */
  entity(id: number, type: string, bytes: Buffer, start: number, end: number): void;
  /** Every byte of the file once, in order, cut between statements (see StepReadOptions); valid during the call. */
  block?(bytes: Buffer): void;
  /**
   * A DATA statement that is not `#id = TYPE(…)` (`#35 IFCWALL(…)`, `# 35=…`, `#35==…`, `#35=('x')`, a record
   * missing its ';'): left out. `id` when the statement names one, `type` the upper-case entity name it seems to hold
   * ('' when none), `at` its first byte in the file (1-based).
   */
  unreadable?(id: number | null, type: string, reason: string, at: number): void;
  /**
   * `count` whitespace-like stray bytes (a byte order mark, a no-break or zero-width space, a NUL) before a
   * statement of the DATA section, the first at byte `at` (1-based): skipped, the statement read.
   */
  stray?(count: number, at: number): void;
}
