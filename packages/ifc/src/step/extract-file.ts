import { stat } from 'node:fs/promises';
import { IfcExtractionError } from '../extraction-error';
import { extractRows } from '../extract-rows';
import { sniffIfcFile } from '../sniff';
import { type StepTextRepair, encodingWarnings, repairStepText } from '../step-text-repair';
import type { ExtractionSummary, ExtractOptions } from '../types';
import { type StepReadOptions, readStepFile } from './step-file-reader';
import { StepModel } from './step-model';
import { StepSchema, layoutOf } from './step-schema';

/**
 * The streaming extractor: the same rows as extractIfc (web-ifc) from a file on disk, read in chunks and never
 * whole. The header is judged first from the file's head and tail (the same checks and messages as today), then one
 * pass keeps the entities the rows need (step-model.ts), then the shared row building runs over them.
 */
export async function extractIfcFile(
  path: string,
  options: ExtractOptions & StepReadOptions,
): Promise<ExtractionSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const sniff = await sniffIfcFile(path);
  if (!sniff.ok) throw new IfcExtractionError(sniff.code, sniff.message);
  const model = new StepModel(StepSchema.of(layoutOf(sniff.schema)));
  const { size } = await stat(path);
  progress({
    phase: 'parse',
    message: `Schema ${sniff.schema} (${sniff.family} family) found, streaming ${size} bytes from disk`,
  });
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
  const warnings = encodingWarnings(counts);
  for (const warning of warnings) progress({ phase: 'parse', message: `Warning: ${warning.message}` });
  return extractRows(model, { schema: sniff.schema, family: sniff.family, warnings, started }, options);
}
