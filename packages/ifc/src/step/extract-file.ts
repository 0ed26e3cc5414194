import { stat } from 'node:fs/promises';
import { IfcExtractionError } from '../extraction-error';
import { extractRows } from '../extract-rows';
import {
  SNIFF_HEAD_BYTES,
  type SniffResult,
  sniffIfcFile,
  sniffIfcHead,
  sniffOpenIfcFile,
  trailingDataWarnings,
} from '../sniff';
import { type StepTextRepair, encodingWarnings, repairStepText } from '../step-text-repair';
import type { ExtractionSummary, ExtractionWarning, ExtractOptions } from '../types';
import { type ByteSource, type StepEntitySink, type StepReadOptions, readStepFile } from './step-file-reader';
import { type ArrivingFile, type ArrivingFileOptions, openArrivingFile } from './arriving-file';
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
  const { count, firstId } = model.faults.repeatedDefinitions();
  if (!count) return [];
  const message =
    count === 1
      ? `#${firstId} was defined twice; the first definition was read`
      : `${count} instances repeated an instance name defined before them (the first #${firstId}); the first definition of each name was read`;
  return [{ code: 'duplicateEntity', count, message }];
}

/**
 * A warning when instances of entity types the schema the file is read with does not define were left out, where
 * they could have carried row data (RecordFaults.unknown): it is missing from the rows. Web-ifc leaves them out too,
 * without a word.
 */
function unknownEntityWarnings(model: StepModel): ExtractionWarning[] {
  const { count, firstId, types } = model.faults.unknownEntities();
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
  const { count, first } = model.faults.unreadableRecords();
  if (!count || !first) return [];
  // the reason quotes the file (a malformed number): a hostile one cannot grow the message
  const reason = first.reason.length > 120 ? `${first.reason.slice(0, 119)}…` : first.reason;
  const { id, type } = first;
  const named =
    id === null ? `a record${type ? ` of type ${type}` : ''}` : `#${id}${type ? `, an ${type}` : ''}`;
  const message =
    count === 1
      ? `${named.charAt(0).toUpperCase()}${named.slice(1)}${id !== null && type ? ',' : ''} could not be read and was left out: ${reason}`
      : `${count} records could not be read and were left out; the first, ${named}: ${reason}`;
  return [{ code: 'unreadableRecord', count, message }];
}

/**
 * A warning when values the rows read are typed with defined types the file's schema lacks (IFCDATE in an IFC2X3
 * file): they were kept, with the type in schema casing where another IFC schema defines it. Web-ifc leaves such a
 * property out without a word.
 */
function unknownDefinedTypeWarnings(model: StepModel): ExtractionWarning[] {
  const { count, firstId, types } = model.faults.unknownDefinedTypes();
  if (!count) return [];
  const schema = `the ${model.schema.layout} schema`;
  const listed = types.map(([type, n]) => `${type} (${n})`).join(', ');
  const message =
    count === 1
      ? `#${firstId} holds a value typed ${types.map(([type]) => type).join(', ')}, a defined type ${schema} does not define; it was kept`
      : `${count} records (the first #${firstId}) hold values typed with defined types ${schema} does not define, kept: ${listed}`;
  return [{ code: 'unknownDefinedType', count, message }];
}

/**
 * A warning when reals the rows read lie beyond a double's range (`1.E400`, about ±1.8E308): their rows hold no
 * value, which would otherwise look like a value the file left empty. Web-ifc reads them the same way, silently.
 */
function outOfRangeWarnings(model: StepModel): ExtractionWarning[] {
  const { count, first } = model.faults.outOfRangeReals();
  if (!count || !first) return [];
  const where = `#${first.id}, an ${first.type}`;
  const message =
    count === 1
      ? `A real in ${where}, is beyond the range of a double (about ±1.8E308) and was stored without a value`
      : `${count} reals are beyond the range of a double (about ±1.8E308) and were stored without a value; the first in ${where}`;
  return [{ code: 'outOfRangeReal', count, message }];
}

/**
 * A warning when whitespace-like stray bytes (a byte order mark, a no-break or zero-width space, a NUL) stood before
 * records of the DATA section: they were skipped and the records read, as web-ifc reads them.
 */
function strayByteWarnings(model: StepModel): ExtractionWarning[] {
  const { count, firstAt } = model.faults.strayBytesSkipped();
  if (!count) return [];
  const message =
    `${count} stray byte${count === 1 ? '' : 's'} (a byte order mark, a no-break or zero-width space, a NUL) ` +
    `stood between records, the first at byte ${firstAt}; ${count === 1 ? 'it was' : 'they were'} skipped and the records read`;
  return [{ code: 'strayBytes', count, message }];
}

/** A model whose file has been read (its kept records in a StepModel), before its rows are built. */
export interface ReadIfcModel {
  model: StepModel;
  sniff: Extract<SniffResult, { ok: true }>;
  /** The file's size in bytes. */
  size: number;
  /** Encoding problems the reading counted (the same count the web-ifc extraction's repair pass makes). */
  encoding: StepTextRepair['counts'];
}

/** The sink that keeps a file's records in `model` and counts its encoding problems into `counts`. */
function modelSink(model: StepModel, counts: StepTextRepair['counts']): StepEntitySink {
  return {
    entity: (id, type, buf, start, end) => model.entity(id, type, buf, start, end),
    unreadable: (id, type, reason, at) => model.unreadable(id, type, reason, at),
    stray: (count, at) => model.faults.stray(count, at),
    // the warnings count what the web-ifc extraction's repair pass counts, block by block
    block: (block) => {
      for (const [code, n] of Object.entries(repairStepText(block).counts)) {
        const key = code as keyof StepTextRepair['counts'];
        counts[key] = (counts[key] ?? 0) + n;
      }
    },
  };
}

const schemaMessage = (sniff: { schema: string; family: string }) =>
  `Schema ${sniff.schema} (${sniff.family} family) found`;

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
  progress({ phase: 'parse', message: `${schemaMessage(sniff)}, streaming ${size} bytes from disk` });
  const model = new StepModel(StepSchema.of(layoutOf(sniff.schema)), options);
  const encoding: StepTextRepair['counts'] = {};
  try {
    await readStepFile(path, modelSink(model, encoding), options);
  } catch (err) {
    model.close();
    throw err;
  }
  return extractReadModel({ model, sniff, size, encoding }, started, options);
}

/**
 * Reads an IFC file while it is still being written (an upload arriving: arriving-file.ts), so that its rows can be
 * built as soon as it is whole; the caller hands the result to extractReadModel, or closes its model. The head is
 * judged once it has arrived, the whole header (head and tail) once the file is whole: a file the header check
 * refuses is refused with the same error and message as by extractIfcFile, whatever its body holds. Rejects with
 * ArrivalAbandoned when the file never arrives whole or `abandoned()` turns true.
 */
export async function readArrivingIfcFile(
  path: string,
  arrival: Int32Array,
  options: StepReadOptions & Pick<StepExtractOptions, 'keptMemoryBytes'> & ArrivingFileOptions = {},
): Promise<ReadIfcModel & { identity: ArrivingFile['identity'] }> {
  const file = await openArrivingFile(path, arrival, options);
  const judged = async () => {
    await file.arrived();
    const sniff = await sniffOpenIfcFile(file.handle);
    if (!sniff.ok) throw new IfcExtractionError(sniff.code, sniff.message);
    return sniff;
  };
  try {
    // the head, once it has arrived (or the whole of a shorter file), says which schema to read the file with
    const head = Buffer.alloc(SNIFF_HEAD_BYTES);
    let headLength = 0;
    for (let n = -1; n !== 0 && headLength < head.length; headLength += n)
      n = await file.read(head, headLength, head.length - headLength);
    const header = sniffIfcHead(head.subarray(0, headLength));
    // an empty file, or a head the check refuses: the whole file's check says what is wrong, as extractIfcFile would
    if (!headLength || !header.ok) await judged();
    if (!header.ok) throw new IfcExtractionError(header.code, header.message);
    const model = new StepModel(StepSchema.of(layoutOf(header.schema)), options);
    const encoding: StepTextRepair['counts'] = {};
    try {
      try {
        await readStepFile(replayed(head.subarray(0, headLength), file), modelSink(model, encoding), options);
      } catch (err) {
        // a refusal of the whole header (a file cut short) is what extractIfcFile would have said first
        if (err instanceof IfcExtractionError) await judged();
        throw err;
      }
      const sniff = await judged();
      const { size } = await file.handle.stat();
      return { model, sniff, size, encoding, identity: file.identity };
    } catch (err) {
      model.close();
      throw err;
    }
  } finally {
    await file.close().catch(() => undefined);
  }
}

/** `source` with `first` (bytes already read from it) read again before the rest. */
function replayed(first: Buffer, source: ByteSource): ByteSource {
  let at = 0;
  return {
    async read(buffer, offset, length) {
      if (at >= first.length) return source.read(buffer, offset, length);
      const n = first.copy(buffer, offset, at, Math.min(first.length, at + length));
      at += n;
      return n;
    },
    // the caller closes the source itself
    close: async () => undefined,
  };
}

/**
 * The rows of a read model (extractIfcFile's second half; also what a model read while it arrived goes through).
 * Closes the model, whatever happens. `started`: performance.now() when the extraction started, for its duration.
 */
export async function extractReadModel(
  read: ReadIfcModel,
  started: number,
  options: StepExtractOptions,
): Promise<ExtractionSummary> {
  const progress = options.onProgress ?? (() => undefined);
  const { model, sniff } = read;
  // the model's temporary file (a big model's kept records) goes whatever happens
  try {
    options.onModelRead?.(model);
    const warnings = [
      ...encodingWarnings(read.encoding),
      ...strayByteWarnings(model),
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
    for (const warning of [
      ...unknownDefinedTypeWarnings(model),
      ...outOfRangeWarnings(model),
      ...unreadableRecordWarnings(model),
    ]) {
      progress({ phase: 'extract', message: `Warning: ${warning.message}` });
      summary.warnings.push(warning);
    }
    return summary;
  } finally {
    model.close();
  }
}

/** The progress message a job shows for a model read while it arrived, once its job starts. */
export const arrivedReadMessage = (read: ReadIfcModel): string =>
  `${schemaMessage(read.sniff)}, ${read.size} bytes read while the upload arrived`;
