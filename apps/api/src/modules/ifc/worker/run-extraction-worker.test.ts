import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateIfcFixture } from '@aec/ifc';
import { WORKER_PATH } from '../../../test/ifc-harness';
import { ROW_WRITER, ROW_WRITER_PROJECT, rowWriterFixture } from '../../../test/row-writer-fixture';
import { JobTimeline } from '../jobs/job-timeline';
import { runExtractionWorker } from './run-extraction-worker';

/** A run with a row-writer thread, as the job processor starts it on SQLite. */
const writers = rowWriterFixture();
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-run-extraction-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A timeline that also says which milestones have been reached. */
function watchedTimeline() {
  const timeline = new JobTimeline(Date.now());
  const reached = (name: string) => Object.hasOwn(timeline.toJSON().marks, name);
  /** Resolves once `name` is reached, or after `ms` without it. */
  const when = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (!reached(name) && Date.now() - started <= ms) return;
        clearInterval(poll);
        resolve();
      }, 5);
    });
  return { timeline, reached, when };
}

describe('runExtractionWorker with a row-writer thread', () => {
  it('lets the extraction worker go once it is done, before the writer has stored (and moved) the rows', async () => {
    const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 41 });
    const file = path.join(dir, 'model.ifc');
    fs.writeFileSync(file, fixture.text);
    const { timeline, reached, when } = watchedTimeline();
    const run = runExtractionWorker({
      workerPath: WORKER_PATH,
      // one batch per row kind: the whole extraction fits in the worker's window, so it ends while the writer waits
      input: { filePath: file, batchSize: 100_000 },
      maxOldGenerationSizeMb: 256,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onBatch: () => Promise.reject(new Error('rows go to the writer thread')),
      threadWriter: {
        writerPath: ROW_WRITER,
        sqliteFile: writers.store.sqliteFile!,
        projectId: ROW_WRITER_PROJECT,
        version: 1,
      },
      timeline,
    });
    run.pause();
    await when('extracted', 20_000);
    expect(reached('extracted')).toBe(true);
    await when('extraction-exited', 2_000);
    expect(reached('extraction-exited')).toBe(true);
    expect(reached('drained')).toBe(false);
    expect((await writers.store.rows.countAll(ROW_WRITER_PROJECT, 1)).elements).toBe(0);

    // Every batch and the end it sent before it went are still there for the writer.
    run.resume();
    const { summary, stored } = await run.done;
    expect(summary.productCount).toBe(fixture.counts.totalProducts);
    expect(stored.elements).toBe(summary.productCount);
    expect(stored.properties).toBe(summary.propertyCount);
    expect(await writers.store.rows.countAll(ROW_WRITER_PROJECT, 1)).toEqual(stored);
    run.stopAfterwards();
    await run.afterwards;
  });
});
