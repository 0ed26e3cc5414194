import { stat } from 'node:fs/promises';
import { IfcExtractionError } from '../extraction-error';
import { extractRows } from '../extract-rows';
import { sniffIfcFile, trailingDataWarnings } from '../sniff';
import { type StepTextRepair, encodingWarnings, repairStepText } from '../step-text-repair';
import type { ExtractionSummary, ExtractionWarning, ExtractOptions } from '../types';
import { type StepReadOptions, readStepFile } from './step-file-reader';
import { StepModel } from './step-model';
import { StepSchema, layoutOf } from './step-schema';

export interface StepExtractOptions extends ExtractOptions, StepReadOptions {
  /** Kept record bytes held in memory before the rest goes to a temporary file (kept-records.ts). */
  keptMemoryBytes?: number;
  /** Called with the model once the file is read, before the rows are built (tests measure what it retains). */
  onModelRead?: (model: StepModel) => void;
}

/** A warning when instance names were defined more than once (the file is invalid, but its first reading is kept). */
function repeatedDefinitionWarnings(model: StepModel): ExtractionWarning[] {
  const { count, firstId } = model.repeatedDefinitions();
  if (!count) return [];
  const message =
    count === 1
      ? `#${firstId} was defined twice; the first definition was read`
      : `${count} instances repeated an instance name defined before them (the first #${firstId}); the first definition of each name was read`;
  return [{ code: 'duplicateEntity', count, message }];
}

/**
 * A warning when instances of entity types the schema the file is read with does not define were left out, where
 * they could have carried row data (StepModel.unknown): it is missing from the rows. Web-ifc leaves them out too,
 * without a word.
 */
function unknownEntityWarnings(model: StepModel): ExtractionWarning[] {
  const { count, firstId, types } = model.unknownEntities();
  if (!count) return [];
  const schema = `the ${model.schema.layout} schema`;
  const [first] = types[0]!;
  if (count === 1)
    return [
      {
        code: 'unknownEntity',
        count,
        message: `#${firstId} is an ${first}, an entity type ${schema} does not define; it was left out`,
      },
    ];
  const listed = types.map(([type, n]) => `${type} (${n})`).join(', ');
  const more = types.reduce((sum, [, n]) => sum + n, 0) < count ? ' and other types' : '';
  return [
    {
      code: 'unknownEntity',
      count,
      message: `${count} instances of entity types ${schema} does not define were left out: ${listed}${more}`,
    },
  ];
}

/**
 * A warning when records the rows needed could not be read (their parameters are not ISO 10303-21): what they
 * carried — an element, its material, a property — is missing from the rows. Web-ifc reads some of them leniently
 * and leaves others out without a word.
 */
function unreadableRecordWarnings(model: StepModel): ExtractionWarning[] {
  const { count, first } = model.unreadableRecords();
  if (!count || !first) return [];
  // the reason quotes the file (a malformed number): a hostile one cannot grow the message
  const reason = first.reason.length > 120 ? `${first.reason.slice(0, 119)}…` : first.reason;
  const message =
    count === 1
      ? `#${first.id}, an ${first.type}, could not be read and was left out: ${reason}`
      : `${count} records could not be read and were left out; the first, #${first.id}, an ${first.type}: ${reason}`;
  return [{ code: 'unreadableRecord', count, message }];
}

/**
 * The streaming extractor: the same rows as extractIfc (web-ifc) from a file on disk, read in chunks and never
 * whole. The header is judged first from the file's head and tail (the same checks and messages as today), then one
 * pass keeps the entities the rows need (step-model.ts), then the shared row building runs over them.
 */
export async function extractIfcFile(path: string, options: StepExtractOptions): Promise<ExtractionSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const sniff = await sniffIfcFile(path);
  if (!sniff.ok) throw new IfcExtractionError(sniff.code, sniff.message);
  const { size } = await stat(path);
  progress({
    phase: 'parse',
    message: `Schema ${sniff.schema} (${sniff.family} family) found, streaming ${size} bytes from disk`,
  });
  const model = new StepModel(StepSchema.of(layoutOf(sniff.schema)), options);
  // the model's temporary file (a big model's kept records) goes whatever happens
  try {
    const counts: StepTextRepair['counts'] = {};
    await readStepFile(
      path,
      {
        entity: (id, type, buf, start, end) => model.entity(id, type, buf, start, end),
        // the warnings count what the web-ifc extraction's repair pass counts, block by block
        block: (block) => {
          for (const [code, n] of Object.entries(repairStepText(block).counts)) {
            const key = code as keyof StepTextRepair['counts'];
            counts[key] = (counts[key] ?? 0) + n;
          }
        },
      },
      options,
    );
    options.onModelRead?.(model);
    const warnings = [
      ...encodingWarnings(counts),
      ...repeatedDefinitionWarnings(model),
      ...unknownEntityWarnings(model),
      ...trailingDataWarnings(sniff.trailingBytes),
    ];
    for (const warning of warnings) progress({ phase: 'parse', message: `Warning: ${warning.message}` });
    const summary = await extractRows(
      model,
      { schema: sniff.schema, family: sniff.family, warnings, started },
      options,
    );
    // known only once the rows are built: records are decoded when the rows ask for them
    for (const warning of unreadableRecordWarnings(model)) {
      progress({ phase: 'extract', message: `Warning: ${warning.message}` });
      summary.warnings.push(warning);
    }
    return summary;
  } finally {
    model.close();
  }
}
