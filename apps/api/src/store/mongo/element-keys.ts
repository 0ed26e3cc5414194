/**
 * Element keys of living models: `<modelId>:<GlobalId>`, stable across a model's versions for an unchanged
 * GlobalId, so a BI tool's incremental refresh can match rows. A GlobalId repeated within one version (invalid
 * IFC, but seen) gets `#2`, `#3`… in extraction order; an element without one is keyed by `~<ExpressId>`.
 * One instance per row version, fed its batches in extraction order: it remembers the GlobalIds seen so far.
 */
export class VersionElementKeys {
  private readonly seen = new Map<string, number>();

  constructor(private readonly modelId: string) {}

  key(globalId: string | null | undefined, expressId: number): string {
    if (!globalId) return `${this.modelId}:~${expressId}`;
    const count = (this.seen.get(globalId) ?? 0) + 1;
    this.seen.set(globalId, count);
    return count === 1 ? `${this.modelId}:${globalId}` : `${this.modelId}:${globalId}#${count}`;
  }
}
