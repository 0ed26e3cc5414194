import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { storeTargets } from '../../test/store-fixtures';
import { readEvents, startIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { ProjectModelsResponse } from '@aec/contracts';
import type { JobRepository, Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 6, bays: 4, seed: 5 });

/** A store whose job writes marking a job started take a while: as on a busy MongoDB, a pause can overtake them. */
function slowStartStore(store: Store, delayMs: number): Store {
  const jobs: JobRepository = Object.create(store.jobs);
  jobs.update = async (id, patch) => {
    if (patch.startedAt) await new Promise((r) => setTimeout(r, delayMs));
    return store.jobs.update(id, patch);
  };
  const wrapped: Store = Object.create(store);
  Object.defineProperty(wrapped, 'jobs', { value: jobs });
  return wrapped;
}

/** The status of the project's first model's newest version, as the models API lists it. */
async function versionStatus(h: IfcHarness, token: string, projectId: string): Promise<string> {
  const res = await request(h.app)
    .get(`/api/ifc/projects/${projectId}/models`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(200);
  return (res.body as ProjectModelsResponse).models[0]!.versions[0]!.status;
}

describe('IFC jobs: a pause that lands while the job starts', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  let token: string;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-pause-race-'));
    store = await sqlite.open(dataDir);
    h = await startIfcHarness(slowStartStore(store, 400), { ROW_BATCH_SIZE: '5' }, dataDir);
    token = (await h.login('pauserace')).token;
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
  });

  it('stays paused: the job start does not overwrite it with "processing"', async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    const { jobId, projectId } = (await upload(h, token, fixture.text, 'race.ifc', false).expect(202)).body;
    const paused = await request(h.app).post(`/api/ifc/jobs/${jobId}/pause`).set(bearer).expect(200);
    expect(paused.body.status).toBe('paused');
    await new Promise((r) => setTimeout(r, 600));
    expect((await request(h.app).get(`/api/ifc/jobs/${jobId}`).set(bearer)).body.status).toBe('paused');
    expect((await store.projects.findById(projectId))!.status).toBe('paused');
    expect(await versionStatus(h, token, projectId)).toBe('paused');
    await request(h.app).post(`/api/ifc/jobs/${jobId}/resume`).set(bearer).expect(200);
    const events = await readEvents(h, jobId, token, 60_000);
    expect(events[events.length - 1]!.event).toBe('complete');
    expect(await store.projects.findById(projectId)).toMatchObject({
      status: 'ready',
      elementCount: fixture.counts.totalProducts,
    });
  });
});

describe('IFC jobs: a pause that lands once every row is stored', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  let token: string;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-pause-late-'));
    store = await sqlite.open(dataDir);
    h = await startIfcHarness(store, {}, dataDir);
    token = (await h.login('pauselate')).token;
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
  });

  it('holds the version unpublished until the job is resumed', async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    // The pause is asked for the moment the job logs its stored rows: after the last batch, before publishing.
    const append = h.events.append;
    let pausedAtStored: Promise<boolean> | null = null;
    // Every argument passed on: the in-memory log's `finish` appends with a third one, the outcome.
    h.events.append = (jobId, entry, ...rest: unknown[]) => {
      Reflect.apply(append, h.events, [jobId, entry, ...rest]);
      if (entry.message.startsWith('Stored ') && !pausedAtStored) pausedAtStored = h.processor.pause(jobId);
    };
    const { jobId, projectId } = (await upload(h, token, fixture.text, 'late.ifc', false).expect(202)).body;
    while (!pausedAtStored) await new Promise((r) => setTimeout(r, 20));
    expect(await pausedAtStored).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect((await request(h.app).get(`/api/ifc/jobs/${jobId}`).set(bearer)).body.status).toBe('paused');
    expect((await store.projects.findById(projectId))!.status).toBe('paused');
    expect(await versionStatus(h, token, projectId)).toBe('paused');
    const count = `/api/ifc/odata/projects/${projectId}/IFCElements/$count`;
    expect((await request(h.app).get(count).set(bearer).expect(200)).text).toBe('0');
    await request(h.app).post(`/api/ifc/jobs/${jobId}/resume`).set(bearer).expect(200);
    const events = await readEvents(h, jobId, token, 60_000);
    const messages = events.map((e) => e.data.message as string);
    expect(messages.indexOf('Processing resumed')).toBeLessThan(
      messages.indexOf('Publishing the OData feed'),
    );
    expect(events[events.length - 1]!.event).toBe('complete');
    expect(await store.projects.findById(projectId)).toMatchObject({
      status: 'ready',
      elementCount: fixture.counts.totalProducts,
    });
  });
});

describe('IFC jobs: a shutdown while a job is held paused', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  let token: string;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-pause-shutdown-'));
    store = await sqlite.open(dataDir);
    h = await startIfcHarness(store, {}, dataDir);
    token = (await h.login('pauseshutdown')).token;
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
  });

  it('ends the job as shut down instead of waiting for a resume that never comes', async () => {
    const append = h.events.append;
    let pausedAtStored: Promise<boolean> | null = null;
    h.events.append = (jobId, entry, ...rest: unknown[]) => {
      Reflect.apply(append, h.events, [jobId, entry, ...rest]);
      if (entry.message.startsWith('Stored ') && !pausedAtStored) pausedAtStored = h.processor.pause(jobId);
    };
    const { jobId, projectId } = (await upload(h, token, fixture.text, 'held.ifc', false).expect(202)).body;
    while (!pausedAtStored) await new Promise((r) => setTimeout(r, 20));
    expect(await pausedAtStored).toBe(true);
    const closed = h.processor.close().then(() => 'closed');
    const late = new Promise((r) => setTimeout(() => r('still waiting'), 10_000).unref());
    expect(await Promise.race([closed, late])).toBe('closed');
    expect((await store.jobs.findById(jobId))!.status).toBe('failed');
    expect(await store.projects.findById(projectId)).toMatchObject({
      status: 'failed',
      error: 'The server shut down during processing.',
      version: 0,
      elementCount: 0,
    });
  });
});
