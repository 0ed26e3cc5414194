import { IFCPRODUCT } from 'web-ifc';
import { ElementRowBuilder } from './element-rows';
import { IfcExtractionError } from './extraction-error';
import { MaterialResolver } from './materials';
import { ModelReader } from './model-reader';
import { openModel } from './open-model';
import { PropertySetResolver } from './property-sets';
import { RelationshipIndex } from './relationship-index';
import { RowBatcher } from './row-batcher';
import { sniffIfcData } from './sniff';
import { SpatialIndex } from './spatial-index';
import { encodingWarnings, repairStepText } from './step-text-repair';
import type { ExtractionSummary, ExtractOptions } from './types';
import { UnitLabels } from './units';
import { getIfcApi } from './web-ifc-runtime';

/** countsByStorey key for products outside any storey (sites, buildings, unplaced elements). */
export const NO_STOREY_KEY = '(no storey)';
const PROGRESS_EVERY = 5000;
/** Products read per call into wasm (one GetLines call is cheaper than many GetLine calls). */
const PRODUCT_CHUNK = 256;

/**
 * Extracts one row per IfcProduct (every subtype), their property rows and the spatial tree,
 * streaming them to `onBatch`. Throws IfcExtractionError for files that cannot be read.
 */
export async function extractIfc(data: Uint8Array, options: ExtractOptions): Promise<ExtractionSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const sniff = sniffIfcData(data);
  if (!sniff.ok) throw new IfcExtractionError(sniff.code, sniff.message);
  progress({
    phase: 'parse',
    message: `Schema ${sniff.schema} (${sniff.family} family) found, parsing ${data.byteLength} bytes`,
  });

  const repair = repairStepText(data);
  const warnings = encodingWarnings(repair.counts);
  for (const warning of warnings) progress({ phase: 'parse', message: `Warning: ${warning.message}` });

  const api = await getIfcApi();
  const modelID = openModel(api, data, sniff.schema, repair.edits);
  if (modelID < 0) {
    throw new IfcExtractionError(
      'OPEN_FAILED',
      'The IFC file could not be parsed (a syntax error such as an unterminated string, or damaged data).',
    );
  }
  try {
    const reader = new ModelReader(api, modelID);
    const entityCount = reader.entityCount();
    progress({
      phase: 'parse',
      message: `Parsed ${entityCount} entities`,
      done: entityCount,
      total: entityCount,
    });

    const rels = new RelationshipIndex(reader);
    const units = new UnitLabels(reader);
    const spatial = new SpatialIndex(reader, rels);
    const propertySets = new PropertySetResolver(reader, units, rels.propertySetUses);
    const materials = new MaterialResolver(reader, propertySets);
    const builder = new ElementRowBuilder(reader, rels, spatial, propertySets, materials);
    progress({
      phase: 'index',
      message: `Indexed ${rels.relationshipCount} relationships and ${spatial.size} spatial elements`,
    });

    const batcher = new RowBatcher(Math.max(1, options.batchSize ?? 1000), options.onBatch);
    const spatialRows = spatial.rows();
    await batcher.addSpatial(spatialRows);

    // In file order rather than web-ifc's order (grouped by type): stores keyed by ExpressId then append their rows
    // at the end of the key instead of into the middle, which is markedly cheaper for a B-tree.
    const productIds = reader.idsOf(IFCPRODUCT).sort((a, b) => a - b);
    const total = productIds.length;
    const countsByType: Record<string, number> = {};
    const countsByStorey: Record<string, number> = {};
    let productCount = 0;
    let propertyCount = 0;
    for (let first = 0; first < total; first += PRODUCT_CHUNK) {
      const chunk = productIds.slice(first, first + PRODUCT_CHUNK);
      const lines = reader.lines(chunk);
      for (const id of chunk) {
        const line = lines.get(id);
        if (!line) continue;
        const ifcType = reader.typeName(line.type);
        const { element, properties } = builder.build(id, line, ifcType);
        countsByType[ifcType] = (countsByType[ifcType] ?? 0) + 1;
        const storey = element.Storey ?? NO_STOREY_KEY;
        countsByStorey[storey] = (countsByStorey[storey] ?? 0) + 1;
        productCount++;
        propertyCount += properties.length;
        await batcher.addElement(element, properties);
        if (productCount % PROGRESS_EVERY === 0) {
          const message = `Extracted ${productCount} of ${total} products`;
          progress({ phase: 'extract', message, done: productCount, total });
        }
      }
    }
    await batcher.flush();
    progress({
      phase: 'extract',
      message: `Extracted ${productCount} products and ${propertyCount} property values`,
      done: productCount,
      total,
    });

    return {
      schema: sniff.schema,
      schemaFamily: sniff.family,
      entityCount,
      productCount,
      countsByType,
      countsByStorey,
      propertyCount,
      spatialCount: spatialRows.length,
      durationMs: Math.round(performance.now() - started),
      warnings,
    };
  } finally {
    api.CloseModel(modelID);
  }
}
