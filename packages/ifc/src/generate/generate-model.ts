import { createWriteStream } from 'node:fs';
import { BodyWriter } from './body-writer';
import { writeDanglingReferences, writeEncodingFaults, writeUnterminatedString } from './faults';
import {
  DEFAULT_BAYS,
  DEFAULT_STOREYS,
  FIXED_TIMESTAMP,
  type GeneratedCounts,
  type GeneratedSchema,
  type GeneratorOptions,
} from './model-options';
import type { Reviser } from './reviser';
import { writeSharedDefinitions } from './shared-definitions';
import { UNSET, ref, refs, str } from './step-format';
import { StepWriter } from './step-writer';
import { writeStorey } from './storey-writer';
import { writeUnnamedSets } from './unnamed-sets';

const HEADER_SCHEMA: Record<GeneratedSchema, string> = {
  IFC4: 'IFC4',
  IFC2X3: 'IFC2X3',
  IFC4X3: 'IFC4X3_ADD2',
};
const CHUNK_BYTES = 256 * 1024;

export interface Session {
  w: StepWriter;
  schema: string;
  storeyIds: number[];
  bodies: BodyWriter | null;
  productsByStorey: Record<string, number>;
  finish(): void;
  storey(): void;
}

/** Everything but the storey loop, shared by the in-memory and the streaming writers (and by revisions). */
export function startModel(options: GeneratorOptions, reviser?: (w: StepWriter) => Reviser): Session {
  const schemaName = options.schema ?? 'IFC4';
  const schema = HEADER_SCHEMA[schemaName];
  const name = options.name ?? 'Generated office building';
  const bays = Math.max(1, options.bays ?? DEFAULT_BAYS);
  const w = new StepWriter(options.seed ?? 1);
  w.raw(
    `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\n` +
      `FILE_NAME(${str(`${name}.ifc`)},'${FIXED_TIMESTAMP}',('Jane Doe'),('AEC Con-Tech'),'@aec/ifc generator','@aec/ifc generator','');\n` +
      `FILE_SCHEMA(('${schema}'));\nENDSEC;\nDATA;\n`,
  );
  const defs = writeSharedDefinitions(w, schemaName, name, options.doorWindowParameters);
  const bodies = options.geometry === 'heavy' ? new BodyWriter(w, schemaName, defs.context) : null;
  const revise = reviser?.(w);
  w.hook = revise ?? null;
  const session: Session = {
    w,
    schema,
    storeyIds: [],
    bodies,
    productsByStorey: {},
    storey() {
      const before = countProducts(w);
      const index = session.storeyIds.length;
      revise?.beginStorey(index);
      const storey = writeStorey(w, defs, index, bays, bodies);
      revise?.endStorey(index, storey, defs.history);
      session.storeyIds.push(storey);
      if (options.unnamedSets) writeUnnamedSets(w, defs, storey, index);
      session.productsByStorey[`Level ${index}`] = countProducts(w) - before;
      if (index === 0 && options.faults?.unterminatedString) writeUnterminatedString(w);
    },
    finish() {
      revise?.finish(session.storeyIds, defs.history);
      w.entity('IfcRelAggregates', [
        str(w.guid()),
        ref(defs.history),
        UNSET,
        UNSET,
        ref(defs.building),
        refs(session.storeyIds),
      ]);
      if (options.faults?.danglingReferences) writeDanglingReferences(w, defs);
      if (options.faults?.encodingFaults) writeEncodingFaults(w, defs);
      if (!options.faults?.truncated) w.raw('ENDSEC;\nEND-ISO-10303-21;\n');
    },
  };
  return session;
}

function countProducts(w: StepWriter): number {
  return Object.values(w.productsByType).reduce((a, b) => a + b, 0);
}

export function countsOf(session: Session, options: GeneratorOptions): GeneratedCounts {
  return {
    schema: session.schema,
    productsByType: { ...session.w.productsByType },
    totalProducts: countProducts(session.w),
    productsByStorey: { ...session.productsByStorey },
    storeys: session.storeyIds.length,
    bays: Math.max(1, options.bays ?? DEFAULT_BAYS),
    bytes: session.w.bytesTaken,
    geometryBytes: session.bodies?.bytes ?? 0,
  };
}

/** A small model as text plus what it contains. A truncated fault also cuts the last lines short. */
export function generateIfcFixture(options: GeneratorOptions = {}): {
  text: string;
  counts: GeneratedCounts;
} {
  const session = startModel(options);
  const storeys = Math.max(1, options.storeys ?? DEFAULT_STOREYS);
  for (let i = 0; i < storeys; i++) session.storey();
  session.finish();
  let text = session.w.take();
  if (options.faults?.truncated) text = text.slice(0, text.length - 40);
  return { text, counts: { ...countsOf(session, options), bytes: text.length } };
}

/** A small deterministic IFC model as STEP text. */
export function generateIfcModel(options: GeneratorOptions = {}): string {
  return generateIfcFixture(options).text;
}

/**
 * Streams a model to a writable stream or a file path without holding it in memory: storeys are
 * written one by one (honouring back-pressure) until `storeys` or, when given, `targetBytes`
 * is reached, whichever is larger.
 */
export async function writeIfcModel(
  target: NodeJS.WritableStream | string,
  options: GeneratorOptions & { targetBytes?: number } = {},
): Promise<GeneratedCounts> {
  const session = startModel(options);
  const minStoreys = Math.max(1, options.storeys ?? DEFAULT_STOREYS);
  const targetBytes = options.targetBytes ?? 0;
  const written = () => session.w.bytesTaken + session.w.pendingBytes;
  await streamModel(target, session, () => session.storeyIds.length < minStoreys || written() < targetBytes);
  return countsOf(session, options);
}

/** Writes storeys while `more()` says so, in chunks that honour the stream's back-pressure, then the trailer. */
export async function streamModel(
  target: NodeJS.WritableStream | string,
  session: Session,
  more: () => boolean,
): Promise<void> {
  const ownsStream = typeof target === 'string';
  const stream: NodeJS.WritableStream = ownsStream ? createWriteStream(target) : target;
  const write = async (chunk: string) => {
    if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  while (more()) {
    session.storey();
    if (session.w.pendingBytes >= CHUNK_BYTES) await write(session.w.take());
  }
  session.finish();
  await write(session.w.take());
  if (ownsStream) {
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.end(() => resolve());
    });
  }
}
