/**
 * Milestones of one job in milliseconds since its upload was stored, logged at debug level: the only way to see
 * where an upload's seconds go (parse, extraction, the writer's share, publish) without a profiler.
 */
export class JobTimeline {
  private readonly marks: Record<string, number> = {};
  private readonly details: Record<string, number> = {};

  constructor(private readonly origin: number) {}

  /** Records the first time a milestone is reached; later calls keep the first. */
  mark(name: string, at = Date.now()): void {
    if (!Object.hasOwn(this.marks, name)) this.marks[name] = at - this.origin;
  }

  /** Durations and counts that are not points in time (e.g. the writer's total insert time). */
  detail(values: Record<string, number>): void {
    Object.assign(this.details, values);
  }

  toJSON(): { origin: number; marks: Record<string, number>; details: Record<string, number> } {
    return { origin: this.origin, marks: { ...this.marks }, details: { ...this.details } };
  }
}
