import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { extractIfcFile, writeIfcModel, type RowBatch } from '@aec/ifc';
import type { RehearsalReport } from './protocol';

/**
 * A spare's rehearsal (RehearseMessage): while the server has no job, a spare extracts a small generated model a few
 * times, rows flattened for the writer and dropped, so that V8 has compiled the reading and row-building code before
 * the spare's job comes. A worker starts with none of its code compiled, and its first seconds on a model ran the
 * interpreter's code while the optimizing compiler worked beside it on the cores the job needed (the 100 MB models,
 * `pnpm bench ifc`: about 0.3 s of a 2.5 s job and 1 s of a 7 s one; docs/performance-log.md).
 */

/** ~1.1 MB of every kind of record the extraction reads (products, property and quantity sets, types, materials,
 * spatial structure, units) with geometry-heavy bodies to skip: 0.1 s to write, ~0.15 s a round once compiled. */
const MODEL = { storeys: 6, bays: 4, geometry: 'heavy' } as const;
const ROUNDS = 3;

class Stopped extends Error {}

/** The rehearsal running or run in this worker: `stopped` is set by a message, `rounds` counts finished rounds. */
interface Rehearsal {
  stopped: boolean;
  rounds: number;
}
let rehearsal: { state: Rehearsal; done: Promise<RehearsalReport> } | null = null;

/**
 * Starts the rehearsal, once per worker (a spare serves one job), its model file in `dir` (DATA_DIR/work, where
 * start-up removes what a crash left); resolves to its report once it has ended. `onBatch` gets the rows as a job's
 * batches would. A rehearsal that fails (no room for its file) only ends early.
 */
export function rehearse(dir: string, onBatch: (batch: RowBatch) => void): Promise<RehearsalReport> {
  if (rehearsal) return rehearsal.done;
  const started = performance.now();
  const state: Rehearsal = { stopped: false, rounds: 0 };
  const done = rounds(state, dir, onBatch)
    .catch(() => undefined)
    .then(() => ({
      rounds: state.rounds,
      ms: Math.round(performance.now() - started),
      stopped: state.stopped && state.rounds < ROUNDS,
    }));
  rehearsal = { state, done };
  return done;
}

async function rounds(state: Rehearsal, dir: string, onBatch: (batch: RowBatch) => void): Promise<void> {
  const file = join(dir, `rehearsal-${randomUUID()}.ifc`);
  try {
    await mkdir(dir, { recursive: true });
    if (!state.stopped) await writeIfcModel(file, MODEL);
    for (; state.rounds < ROUNDS && !state.stopped; state.rounds++)
      await extractIfcFile(file, {
        batchSize: 2000,
        onBatch: (batch) => {
          // a job's message stops the rehearsal at its next batch, so the job waits a few milliseconds at most
          if (state.stopped) throw new Stopped();
          onBatch(batch);
        },
      });
  } finally {
    await rm(file, { force: true });
  }
}

/** Stops the rehearsal, if one runs; resolves once it has stopped and removed its file. */
export async function stopRehearsal(): Promise<void> {
  if (!rehearsal) return;
  rehearsal.state.stopped = true;
  await rehearsal.done;
}
