import fs from 'node:fs';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { startIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import { mongoTestUri } from '../../test/mongo-test-uri';
import { storeTargets } from '../../test/store-fixtures';
import type { Store } from '../../store/types';
import { UPLOADS_BUCKET } from './jobs/gridfs-job-files';

const mongodb = storeTargets.find((t) => t.name === 'mongodb')!;
const describeMongo = mongodb.skipReason ? describe.skip : describe;
if (mongodb.skipReason) console.warn(`GridFS uploads: skipped — ${mongodb.skipReason}`);

const fixture = generateIfcFixture({ storeys: 3, bays: 3, seed: 16 });
const ENDED = ['ready', 'failed', 'cancelled'];

/**
 * Issue 16 on MongoDB: an API instance stores the upload in GridFS before its 202, a worker instance (its own
 * DATA_DIR) processes it from there, and the GridFS file goes when the job ends or its project is deleted.
 */
describeMongo('GridFS uploads across instances [mongodb]', () => {
  jest.setTimeout(180_000);
  let store: Store;
  let api: IfcHarness;
  let worker: IfcHarness;
  let token: string;
  const bearer = () => ({ Authorization: `Bearer ${token}` });
  const storedFiles = (projectId: string) =>
    store.mongoDb!.collection(`${UPLOADS_BUCKET}.files`).find({ 'metadata.projectId': projectId }).toArray();
  /**
   * The job's files go after its end is recorded (the worker removes them once the run returns), so a client may
   * see the job ended a moment before they are gone: `read` is asked again until it finds nothing, up to 30 s.
   */
  const whenGone = async <T>(read: () => Promise<T[]> | T[]): Promise<T[]> => {
    for (let waited = 0; waited < 30_000; waited += 200) {
      if ((await read()).length === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return read();
  };
  const jobEnd = async (jobId: string) => {
    for (;;) {
      const job = await store.jobs.findById(jobId);
      if (job && ENDED.includes(job.status)) return job;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    store = await mongodb.open();
    const shared = { MONGODB_URI: mongoTestUri!, JOB_LEASE_SECONDS: '3' };
    api = await startIfcHarness(store, { ...shared, ROLE: 'api' });
    worker = await startIfcHarness(store, { ...shared, ROLE: 'worker' });
    token = (await api.login('gridfs')).token;
  });
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await mongodb.dispose(store);
  });

  it('stores the upload in GridFS before the 202; a worker with its own DATA_DIR processes it; the file goes at the end', async () => {
    const accepted = (await upload(api, token, fixture.text, 'Bürogebäude.ifc', false).expect(202)).body;
    const job = await store.jobs.findById(accepted.jobId);
    expect(job!.filePath).toMatch(/^gridfs:[0-9a-f]{24}$/);
    expect(await storedFiles(accepted.projectId)).toHaveLength(1);
    // The receiving instance keeps nothing the job needs: its DATA_DIR may go right after the answer.
    fs.rmSync(api.modelDir, { recursive: true, force: true });
    expect(fs.readdirSync(api.uploadDir)).toEqual([]);

    expect((await jobEnd(accepted.jobId)).status).toBe('ready');
    const project = await store.projects.findById(accepted.projectId);
    expect(project).toMatchObject({ status: 'ready', elementCount: fixture.counts.totalProducts });
    expect(await whenGone(() => storedFiles(accepted.projectId))).toEqual([]);
    expect(fs.existsSync(api.modelDir)).toBe(false);
    // The worker's local copy is gone too.
    const work = `${worker.dataDir}/work`;
    expect(await whenGone(() => (fs.existsSync(work) ? fs.readdirSync(work) : []))).toEqual([]);
  });

  it('removes the GridFS file of a failed job', async () => {
    // Passes the upload's sniffing (a whole STEP file), fails while extracting (a string never closed).
    const broken = generateIfcFixture({ storeys: 1, bays: 1, faults: { unterminatedString: true } }).text;
    const accepted = (await upload(api, token, broken, 'broken.ifc', false).expect(202)).body;
    expect(await storedFiles(accepted.projectId)).toHaveLength(1);
    expect((await jobEnd(accepted.jobId)).status).toBe('failed');
    expect(await whenGone(() => storedFiles(accepted.projectId))).toEqual([]);
  });

  it('removes the GridFS files of a project deleted while its job waits or runs', async () => {
    const accepted = (await upload(api, token, fixture.text, 'deleted.ifc', false).expect(202)).body;
    await request(api.app).delete(`/api/ifc/projects/${accepted.projectId}`).set(bearer()).expect(200);
    await jobEnd(accepted.jobId);
    expect(await storedFiles(accepted.projectId)).toEqual([]);
  });
});
