import { IFCPRODUCT } from './ifc-type-codes';
import { ElementRowBuilder } from './element-rows';
import type { LineSource } from './line-source';
import { MaterialResolver } from './materials';
import { PropertySetResolver } from './property-sets';
import { RelationshipIndex } from './relationship-index';
import { RowBatcher } from './row-batcher';
import { SpatialIndex } from './spatial-index';
import type { ExtractionSummary, ExtractionWarning, ExtractOptions, SchemaFamily } from './types';
import { UnitLabels } from './units';

/** countsByStorey key for products outside any storey (sites, buildings, unplaced elements). */
export const NO_STOREY_KEY = '(no storey)';
const PROGRESS_EVERY = 5000;
/** Products read per call into wasm (one GetLines call is cheaper than many GetLine calls). */
const PRODUCT_CHUNK = 256;

/** What the file's header and the reading said before the rows are built. */
export interface ExtractionStart {
  schema: string;
  family: SchemaFamily;
  warnings: ExtractionWarning[];
  /** performance.now() when the extraction started */
  started: number;
}

/**
 * Builds and hands out the rows of a model read through `reader` (web-ifc or the streaming reader): the indexes of
 * relationships, units, spatial tree, property sets and materials, then one element row per IfcProduct with its
 * property rows, in file order. Both extractors share this, so their rows can only differ in what they read.
 */
export async function extractRows(
  reader: LineSource,
  start: ExtractionStart,
  options: ExtractOptions,
): Promise<ExtractionSummary> {
  const { started } = start;
  const progress = options.onProgress ?? (() => undefined);
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
    schema: start.schema,
    schemaFamily: start.family,
    entityCount,
    productCount,
    countsByType,
    countsByStorey,
    propertyCount,
    spatialCount: spatialRows.length,
    durationMs: Math.round(performance.now() - started),
    warnings: start.warnings,
  };
}
