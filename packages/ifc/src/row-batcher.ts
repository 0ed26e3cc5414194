import type { ExtractedElementRow, PropertyRow, RowBatch, SpatialRow } from './types';

/**
 * Buffers rows and hands them out in batches, awaiting the consumer each time so a slow store
 * (or a paused job) holds extraction back instead of letting rows pile up in memory.
 */
export class RowBatcher {
  private elements: ExtractedElementRow[] = [];
  private properties: PropertyRow[] = [];
  private spatial: SpatialRow[] = [];

  constructor(
    private readonly batchSize: number,
    private readonly onBatch: (batch: RowBatch) => void | Promise<void>,
  ) {}

  async addSpatial(rows: SpatialRow[]): Promise<void> {
    for (const row of rows) {
      this.spatial.push(row);
      if (this.spatial.length >= this.batchSize) await this.emit({ spatial: this.take('spatial') });
    }
  }

  async addElement(element: ExtractedElementRow, properties: PropertyRow[]): Promise<void> {
    this.elements.push(element);
    for (const row of properties) this.properties.push(row);
    if (this.elements.length >= this.batchSize) await this.emit({ elements: this.take('elements') });
    while (this.properties.length >= this.batchSize) {
      await this.emit({ properties: this.properties.splice(0, this.batchSize) });
    }
  }

  async flush(): Promise<void> {
    const batch: RowBatch = {};
    if (this.spatial.length) batch.spatial = this.take('spatial');
    if (this.elements.length) batch.elements = this.take('elements');
    if (this.properties.length) batch.properties = this.take('properties');
    if (batch.spatial || batch.elements || batch.properties) await this.emit(batch);
  }

  private take(kind: 'elements'): ExtractedElementRow[];
  private take(kind: 'properties'): PropertyRow[];
  private take(kind: 'spatial'): SpatialRow[];
  private take(kind: 'elements' | 'properties' | 'spatial'): unknown[] {
    const rows = this[kind];
    if (kind === 'elements') this.elements = [];
    else if (kind === 'properties') this.properties = [];
    else this.spatial = [];
    return rows;
  }

  private async emit(batch: RowBatch): Promise<void> {
    await this.onBatch(batch);
  }
}
