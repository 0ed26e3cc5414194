import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ARRIVED, generateIfcFixture, newArrival, reportArrival } from '@aec/ifc';
import { WORKER_PATH } from '../../../test/ifc-harness';
import { buildServerBundle } from '../../../test/spawn-server';
import type { ReadArrivingMessage, StartMessage, WorkerMessage } from './protocol';

/** The extraction worker as a spare: told of an arriving upload, then started with a job's file. */
let dir: string;
const workers: Worker[] = [];
beforeAll(() => {
  if (!fs.existsSync(WORKER_PATH)) buildServerBundle();
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-worker-arriving-'));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = generateIfcFixture({ storeys: 1, bays: 2, seed: 5 });
const other = generateIfcFixture({ storeys: 2, bays: 1, seed: 9 });

/** Runs the spare's job to its end: its progress messages and how many element rows it sent. */
function runJob(worker: Worker, filePath: string) {
  return new Promise<{ messages: string[]; elements: number }>((resolve, reject) => {
    const messages: string[] = [];
    let elements = 0;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') messages.push(message.progress.message);
      if (message.type === 'batch') {
        elements += message.batch.elements?.length ?? 0;
        worker.postMessage({ type: 'ack' });
      }
      if (message.type === 'done') resolve({ messages, elements });
      if (message.type === 'error') reject(new Error(message.message));
    });
    worker.postMessage({ type: 'start', input: { filePath, batchSize: 1000 } } satisfies StartMessage);
  });
}

/** A spare that has read `text` as it arrived at uploads/x.part (the arrival ended as `ARRIVED`). */
async function spareWithArrivedUpload(text: string) {
  const part = path.join(dir, 'x.part');
  fs.writeFileSync(part, text);
  const arrival = newArrival();
  reportArrival.ended(arrival, ARRIVED);
  const worker = new Worker(WORKER_PATH);
  workers.push(worker);
  worker.postMessage({ type: 'read-arriving', path: part, arrival } satisfies ReadArrivingMessage);
  // let it read the file before the job comes
  await new Promise((r) => setTimeout(r, 500));
  return { worker, part, arrival };
}

describe('a spare that read an upload as it arrived', () => {
  it("builds the rows of that upload's job from its reading (the file moved into place: the same inode)", async () => {
    const { worker, part } = await spareWithArrivedUpload(upload.text);
    const placed = path.join(dir, 'model.ifc');
    fs.renameSync(part, placed);
    const job = await runJob(worker, placed);
    expect(job.messages.join('\n')).toMatch(/bytes read while the upload arrived/);
    expect(job.elements).toBe(upload.counts.totalProducts);
  });

  it("reads another job's file itself: what it read is never used for a file that is not that upload", async () => {
    const { worker } = await spareWithArrivedUpload(upload.text);
    const elsewhere = path.join(dir, 'other.ifc');
    fs.writeFileSync(elsewhere, other.text);
    const job = await runJob(worker, elsewhere);
    expect(job.messages.join('\n')).toMatch(/streaming \d+ bytes from disk/);
    expect(job.elements).toBe(other.counts.totalProducts);
    expect(other.counts.totalProducts).not.toBe(upload.counts.totalProducts);
  });

  it('reads the file itself when the upload it read was removed unannounced and a new file came', async () => {
    const { worker, part } = await spareWithArrivedUpload(upload.text);
    // held open by the spare, the removed file's inode cannot go to the new one
    fs.rmSync(part);
    const next = path.join(dir, 'next.ifc');
    fs.writeFileSync(next, other.text);
    const job = await runJob(worker, next);
    expect(job.messages.join('\n')).toMatch(/streaming \d+ bytes from disk/);
    expect(job.elements).toBe(other.counts.totalProducts);
  });

  it('reads the file itself when the upload was refused after it arrived, even a file in the same place', async () => {
    const { worker, part, arrival } = await spareWithArrivedUpload(upload.text);
    // the refusal (releaseReceived) ends the arrival as failed; then other bytes stand in that very file
    reportArrival.refused(arrival);
    fs.writeFileSync(part, other.text);
    const job = await runJob(worker, part);
    expect(job.messages.join('\n')).toMatch(/streaming \d+ bytes from disk/);
    expect(job.elements).toBe(other.counts.totalProducts);
  });
});
