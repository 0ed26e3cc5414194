import { extractIfc } from '../extract';
import type {
  ElementRow,
  ExtractionSummary,
  ExtractProgress,
  PropertyRow,
  RowBatch,
  SpatialRow,
} from '../types';

export interface CollectedRows {
  summary: ExtractionSummary;
  elements: ElementRow[];
  properties: PropertyRow[];
  spatial: SpatialRow[];
  batches: RowBatch[];
}

/** Runs the extraction over STEP text and keeps every row (fine for small fixtures only). */
export async function extractText(
  text: string,
  batchSize?: number,
  onProgress?: (progress: ExtractProgress) => void,
): Promise<CollectedRows> {
  const elements: ElementRow[] = [];
  const properties: PropertyRow[] = [];
  const spatial: SpatialRow[] = [];
  const batches: RowBatch[] = [];
  const summary = await extractIfc(Buffer.from(text, 'latin1'), {
    batchSize,
    onProgress,
    onBatch: (batch) => {
      batches.push(batch);
      elements.push(...(batch.elements ?? []));
      properties.push(...(batch.properties ?? []));
      spatial.push(...(batch.spatial ?? []));
    },
  });
  return { summary, elements, properties, spatial, batches };
}

export function byName(rows: ElementRow[], name: string): ElementRow {
  const row = rows.find((r) => r.Name === name);
  if (!row) throw new Error(`no element named ${name}`);
  return row;
}

export function countByType(rows: Array<{ IfcType: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.IfcType] = (counts[row.IfcType] ?? 0) + 1;
  return counts;
}

/** A minimal STEP file around some DATA lines. */
export function stepFile(schema: string, dataLines: string[]): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
    "FILE_NAME('t.ifc','2024-01-01T00:00:00',(''),(''),'','','');",
    `FILE_SCHEMA(('${schema}'));`,
    'ENDSEC;',
    'DATA;',
    ...dataLines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
