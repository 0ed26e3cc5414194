import { IfcExtractionError } from './extraction-error';
import { extractRows } from './extract-rows';
import { ModelReader } from './model-reader';
import { openModel } from './open-model';
import { sniffIfcData, trailingDataWarnings } from './sniff';
import { encodingWarnings, repairStepText } from './step-text-repair';
import type { ExtractionSummary, ExtractOptions } from './types';
import { getIfcApi } from './web-ifc-runtime';

export { NO_STOREY_KEY } from './extract-rows';

/**
 * Extracts one row per IfcProduct (every subtype), their property rows and the spatial tree with web-ifc,
 * streaming them to `onBatch`. Throws IfcExtractionError for files that cannot be read.
 */
export async function extractIfc(whole: Uint8Array, options: ExtractOptions): Promise<ExtractionSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const sniff = sniffIfcData(whole);
  if (!sniff.ok) throw new IfcExtractionError(sniff.code, sniff.message);
  // what follows the trailer (padding, a signature) is neither repaired nor parsed
  const data = whole.subarray(0, sniff.dataEnd);
  progress({
    phase: 'parse',
    message: `Schema ${sniff.schema} (${sniff.family} family) found, parsing ${data.byteLength} bytes`,
  });

  const repair = repairStepText(data);
  const warnings = [...encodingWarnings(repair.counts), ...trailingDataWarnings(sniff.trailingBytes)];
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
    return await extractRows(
      reader,
      { schema: sniff.schema, family: sniff.family, warnings, started },
      options,
    );
  } finally {
    api.CloseModel(modelID);
  }
}
