import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateIfcModel } from '../generate';
import { stepFile } from '../test-support/collect-rows';
import { extractStreaming } from '../test-support/compare-extractors';
import { withTempIfc } from '../test-support/temp-ifc';
import type { ExtractionSummary, RowBatch } from '../types';
import {
  ARRIVAL_FAILED,
  ARRIVED,
  ArrivalAbandoned,
  newArrival,
  openArrivingFile,
  reportArrival,
} from './arriving-file';
import { extractIfcFile, extractReadModel, readArrivingIfcFile } from './extract-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'aec-arriving-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `bytes` to a new file in `pieces`, pausing between them and reporting each into the arrival, as the upload
 * receiver does; `end` says how the arrival ends (or leaves it arriving).
 */
function arrive(bytes: Uint8Array, pieces: number, end: 'arrived' | 'failed' | 'never' = 'arrived') {
  const file = path.join(dir, 'upload.part');
  const arrival = newArrival();
  const fd = openSync(file, 'w');
  const done = (async () => {
    const size = Math.ceil(bytes.length / pieces);
    for (let at = 0; at < bytes.length; at += size) {
      await pause(5);
      writeSync(fd, bytes, at, Math.min(size, bytes.length - at));
      reportArrival.wrote(arrival);
    }
    closeSync(fd);
    if (end !== 'never') reportArrival.ended(arrival, end === 'arrived' ? ARRIVED : ARRIVAL_FAILED);
  })();
  return { file, arrival, done };
}

async function rowsOf(run: (onBatch: (batch: RowBatch) => void) => Promise<ExtractionSummary>) {
  const rows: object[] = [];
  const summary = await run((batch) => {
    rows.push(...(batch.elements ?? []), ...(batch.properties ?? []), ...(batch.spatial ?? []));
  });
  return { summary, rows: rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort() };
}

describe('a file read while it arrives', () => {
  it('reads every byte as it comes, waiting where the writer is, and ends only once the file has arrived', async () => {
    const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));
    const { file, arrival, done } = arrive(bytes, 20);
    const source = await openArrivingFile(file, arrival, { minReadBytes: 1 });
    const read: Buffer[] = [];
    for (;;) {
      const buf = Buffer.alloc(4096);
      const n = await source.read(buf, 0, buf.length);
      if (n === 0) break;
      read.push(buf.subarray(0, n));
    }
    await source.close();
    await done;
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
  });

  it('stops with ArrivalAbandoned when the upload fails, or when the reader is told to stop', async () => {
    const bytes = Buffer.alloc(10_000, 0x41);
    const failed = arrive(bytes, 10, 'failed');
    const source = await openArrivingFile(failed.file, failed.arrival);
    const buf = Buffer.alloc(100_000);
    await expect(source.read(buf, 0, buf.length)).rejects.toBeInstanceOf(ArrivalAbandoned);
    await source.close();
    await failed.done;

    let stop = false;
    const waiting = arrive(Buffer.alloc(100), 1, 'never');
    await waiting.done;
    const reader = await openArrivingFile(waiting.file, waiting.arrival, {
      abandoned: () => stop,
      pollMs: 5,
    });
    const reading = reader.read(buf, 0, buf.length);
    stop = true;
    await expect(reading).rejects.toBeInstanceOf(ArrivalAbandoned);
    await reader.close();
  });

  it('gives the rows extractIfcFile gives for the same file, whatever the pieces it arrived in', async () => {
    const text = generateIfcModel({
      storeys: 2,
      bays: 2,
      doorWindowParameters: true,
      unnamedSets: true,
      faults: { encodingFaults: true },
    });
    const bytes = Buffer.from(text, 'latin1');
    const reference = await withTempIfc(bytes, (file) =>
      rowsOf((onBatch) => extractIfcFile(file, { onBatch })),
    );
    for (const pieces of [1, 7, 40]) {
      const { file, arrival, done } = arrive(bytes, pieces);
      // small chunks, so statements are cut where the pieces end and where the reader's chunks do
      const read = await readArrivingIfcFile(file, arrival, { chunkSize: 997 });
      await done;
      expect(read.size).toBe(bytes.length);
      const started = performance.now();
      const arrived = await rowsOf((onBatch) => extractReadModel(read, started, { onBatch }));
      expect(arrived.rows).toEqual(reference.rows);
      const { durationMs: _a, ...summary } = arrived.summary;
      const { durationMs: _b, ...expected } = reference.summary;
      expect(summary).toEqual(expected);
    }
  });

  it('keeps working on a file moved into place once it has arrived (the same inode)', async () => {
    const bytes = Buffer.from(generateIfcModel({ storeys: 1, bays: 1 }), 'latin1');
    const { file, arrival, done } = arrive(bytes, 5);
    const reading = readArrivingIfcFile(file, arrival);
    await done;
    const moved = path.join(dir, 'model.ifc');
    const { renameSync, statSync } = await import('node:fs');
    renameSync(file, moved);
    const read = await reading;
    expect(read.identity).toEqual({ dev: statSync(moved).dev, ino: statSync(moved).ino });
    const rows = await rowsOf((onBatch) => extractReadModel(read, performance.now(), { onBatch }));
    const reference = await extractStreaming(moved);
    expect(rows.rows.length).toBe(
      reference.elements.length + reference.properties.length + reference.spatial.length,
    );
  });
});

describe('a file refused while it arrives: the error extractIfcFile gives', () => {
  async function bothRefuse(bytes: Uint8Array, pieces = 4) {
    const today = await withTempIfc(bytes, (file) =>
      extractIfcFile(file, { onBatch: () => undefined }).then(
        () => null,
        (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
      ),
    );
    if (!today) throw new Error('extractIfcFile accepted the file');
    const { file, arrival, done } = arrive(bytes, pieces);
    await expect(readArrivingIfcFile(file, arrival, { chunkSize: 64 })).rejects.toMatchObject(today);
    await done;
    return today;
  }

  it('an empty file, and one that is not STEP', async () => {
    expect((await bothRefuse(new Uint8Array(), 1)).code).toBe('EMPTY_FILE');
    expect((await bothRefuse(Buffer.from('name,type\nwall,IfcWall\n'))).code).toBe('NOT_STEP');
  });

  it('a file cut short: the header check says so, although the body failed first', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { truncated: true } });
    expect((await bothRefuse(Buffer.from(text))).code).toBe('TRUNCATED');
    // a string opened in the body and the trailer gone: the body's own error would be the unterminated string
    const walls = Array.from({ length: 300 }, (_, i) => `#${i + 2}=IFCWALL('w${i}',$,$,$,$,$,$,$,$);`);
    const cut = stepFile('IFC4', ["#1=IFCWALL('g,$,$,$,$,$,$,$,$);", ...walls]).replace(
      /END-ISO-10303-21;\s*$/,
      '',
    );
    expect((await bothRefuse(Buffer.from(cut))).code).toBe('TRUNCATED');
  });

  it('a string never closed, and an entity number too large, found in the body', async () => {
    const unterminated = generateIfcModel({ storeys: 1, bays: 1, faults: { unterminatedString: true } });
    expect((await bothRefuse(Buffer.from(unterminated, 'latin1'))).code).toBe('OPEN_FAILED');
    const unclosed = stepFile('IFC4', [
      "#1=IFCWALL('g,$,$,$,$,$,$,$,$);",
      "#2=IFCWALL('h',$,$,$,$,$,$,$,$);",
    ]);
    expect((await bothRefuse(Buffer.from(unclosed))).code).toBe('OPEN_FAILED');
    const huge = stepFile('IFC4', ["#99999999999=IFCWALL('g',$,$,$,$,$,$,$,$);"]);
    expect(await bothRefuse(Buffer.from(huge))).toMatchObject({
      message: expect.stringContaining('#99999999999'),
    });
  });
});
