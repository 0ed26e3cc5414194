import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateIfcFixture, type RowBatch } from '@aec/ifc';
import { WORKER_PATH } from '../../../test/ifc-harness';
import { until } from '../../../test/until';
import type { RehearsalReport } from './protocol';
import { runExtractionWorker } from './run-extraction-worker';
import { SpareWorker } from './spare-worker';

const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 7, doorWindowParameters: true });
let dir: string;
let file: string;
/** Where the spares rehearse (DATA_DIR/work in the server). */
let workerTmp: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-rehearsal-test-'));
  file = path.join(dir, 'model.ifc');
  fs.writeFileSync(file, fixture.text, 'latin1');
  workerTmp = path.join(dir, 'work');
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A spare that tells its rehearsal's report. */
function rehearsingSpare() {
  let heard: (report: RehearsalReport) => void = () => undefined;
  const report = new Promise<RehearsalReport>((resolve) => (heard = resolve));
  const spare = new SpareWorker(WORKER_PATH, 256, heard);
  spare.warm({ rehearseIn: workerTmp });
  return { spare, report };
}

/** The fixture's rows as a job's worker sends them (in order), from the spare or a worker of its own. */
async function rowsOf(spare?: SpareWorker) {
  const batches: RowBatch[] = [];
  const run = runExtractionWorker({
    workerPath: WORKER_PATH,
    input: { filePath: file, batchSize: 50 },
    maxOldGenerationSizeMb: 256,
    signal: new AbortController().signal,
    onProgress: () => undefined,
    onBatch: async (batch) => {
      batches.push(batch);
    },
    spare,
  });
  const { summary } = await run.done;
  return { batches, products: summary.productCount };
}

const filesIn = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d) : []);

describe('a rehearsing spare (IFC_SPARE_REHEARSAL)', () => {
  it('rehearses every round while nothing comes, then gives its job the rows a fresh worker gives', async () => {
    const { spare, report } = rehearsingSpare();
    await expect(report).resolves.toMatchObject({ rounds: 3, stopped: false });
    // its model file is gone with the rehearsal (the directory is made when missing)
    expect(fs.existsSync(workerTmp)).toBe(true);
    expect(filesIn(workerTmp)).toEqual([]);
    const rehearsed = await rowsOf(spare);
    const fresh = await rowsOf();
    expect(rehearsed.products).toBe(fixture.counts.totalProducts);
    expect(rehearsed.batches.length).toBeGreaterThan(3);
    expect(rehearsed.batches).toEqual(fresh.batches);
    await spare.close();
  });

  it('gives way to a job that comes during the rehearsal: the job runs, with the same rows', async () => {
    const { spare, report } = rehearsingSpare();
    await until(() => filesIn(workerTmp).length > 0, 'the rehearsal writing its model', {
      ms: 10_000,
      everyMs: 5,
    });
    const rehearsed = await rowsOf(spare);
    await expect(report).resolves.toMatchObject({ stopped: true });
    expect((await report).rounds).toBeLessThan(3);
    expect(rehearsed.batches).toEqual((await rowsOf()).batches);
    expect(filesIn(workerTmp)).toEqual([]);
  });

  it('is stopped, not cut off, when the spare is closed: no temporary file is left', async () => {
    const { spare, report } = rehearsingSpare();
    await until(() => filesIn(workerTmp).length > 0, 'the rehearsal writing its model', {
      ms: 10_000,
      everyMs: 5,
    });
    await spare.close();
    await expect(report).resolves.toMatchObject({ stopped: true });
    expect(filesIn(workerTmp)).toEqual([]);
  });
});
